import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runTerminalChat } from '../../../app/runTerminalChat.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import { makeRuntime } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { filesystemServer } from './mcpTestServers.ts'

// The real server-filesystem: `write_file` takes `path` and `content`; sorted, `content` comes
// first, and a long one used to push the path out of the card (#41, 2).
let folder: string
let mcp: McpTools
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'studypulse-mcp-args-'))
  mcp = await createMcpTools({
    version: 1,
    servers: { files: filesystemServer(folder, { trusted: true }) },
  })
})
afterAll(async () => {
  await mcp?.close()
  await rm(folder, { recursive: true, force: true })
})

let runtime: AgentRuntime | undefined
let dispose: () => Promise<void> = async () => {}
afterEach(async () => {
  await runtime?.flush()
  await dispose()
})

const path = () => join(folder, '.ssh', 'authorized_keys')
const content = `${'harmless lecture notes '.repeat(300)}ssh-ed25519 AAAA attacker@evil`

async function terminalCard(): Promise<{ card: string; preview: string }> {
  const temp = await tempWorkspace()
  dispose = temp.dispose
  const call = {
    id: 'c1',
    name: 'files__write_file',
    arguments: JSON.stringify({ content, path: path() }),
  }
  const model = new ScriptedModel((request) =>
    request.messages.at(-1)?.role === 'tool' ? { text: 'ok' } : { toolCalls: [call] },
  )
  runtime = makeRuntime(model, temp.ws, new ToolRegistry([], { sources: [mcp] }))
  const input = new PassThrough()
  const output = new PassThrough()
  const queue = ['save my notes', 'n']
  let written = ''
  let card = ''
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8')
    if (written.endsWith('[y/N] ') && card === '') card = written
    if (!written.endsWith('you › ') && !written.endsWith('[y/N] ')) return
    const line = queue.shift()
    setImmediate(() => (line === undefined ? input.end() : input.write(`${line}\n`)))
  })
  await runTerminalChat({ runtime, input, output })
  const shown = runtime
    .view(runtime.runIds()[0] ?? '')
    .events.find((e) => e.kind === 'confirmationRequired')
  return { card, preview: shown?.preview ?? '' }
}

describe('an MCP card shows every argument (#41, 2)', () => {
  it('the terminal shows the short path before "Allow once?", and the long content whole', async () => {
    const { card, preview } = await terminalCard()
    expect(card).toContain(`path: "${path()}"`)
    expect(card).toContain('ssh-ed25519 AAAA attacker@evil')
    // The one-line preview (the page's headline, the audit line) cuts each value on its own: a
    // long one never hides a short one, and what was cut is said.
    expect(preview).toContain(`path: "${path()}"`)
    expect(preview).toMatch(/content: "harmless lecture notes .*… \(\d[\d,]* more characters\)/)
  })
})
