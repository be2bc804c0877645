import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatEvent } from '../../app/formatEvent.ts'
import { openAppMcp } from '../../app/openAppMcp.ts'
import { createAppServer } from '../../app/server/createAppServer.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { StudyPulseClient } from '../../ui/remote/StudyPulseClient.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { filesystemServer } from '../tools/mcp/mcpTestServers.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-mcp-app-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('the app and <workspace>/mcp.json', () => {
  it('starts without MCP when there is no mcp.json', async () => {
    const lines: string[] = []
    expect(await openAppMcp(dir, (line) => lines.push(line))).toBeUndefined()
    expect(lines).toEqual([])
  })

  it('reports a bad mcp.json by name and starts without MCP', async () => {
    await writeFile(join(dir, 'mcp.json'), '{"version":1,"servers":{"files":{"comand":"x"}}}')
    const lines: string[] = []
    expect(await openAppMcp(dir, (line) => lines.push(line))).toBeUndefined()
    expect(lines.join('\n')).toContain(`${join(dir, 'mcp.json')} is not a valid mcp.json`)
    expect(lines.join('\n')).toContain('starting without MCP servers')
  })

  it('connects the servers, lists them over HTTP and gates their tools', async () => {
    const shared = join(dir, 'shared')
    await mkdir(shared)
    await writeFile(
      join(dir, 'mcp.json'),
      JSON.stringify({ version: 1, servers: { files: filesystemServer(shared) } }),
    )
    const lines: string[] = []
    const mcp = await openAppMcp(dir, (line) => lines.push(line))
    if (mcp === undefined) throw new Error(lines.join('\n'))
    const workspace = await Workspace.openOrCreate(join(dir, 'ws'))
    const runtime = createAgentRuntime({
      model: new OfflinePlanner(),
      tools: createToolRegistry({ sources: [mcp] }),
      workspace,
      store: sqliteRunStore(workspace.root),
    })
    const server = await createAppServer({ runtime, distDir: join(dir, 'dist'), mcp })
    try {
      expect(lines).toEqual([
        expect.stringMatching(
          /^ {2}MCP server files \(stdio, untrusted\): 14 tools \(14 destructive\)$/,
        ),
      ])
      const client = new StudyPulseClient({ baseUrl: server.url, token: server.token })
      const [listed] = await client.listMcpServers()
      expect(listed).toMatchObject({ name: 'files', state: 'connected', trusted: false })
      expect(listed?.tools.find((t) => t.mcpName === 'read_text_file')).toEqual({
        name: 'files__read_text_file',
        mcpName: 'read_text_file',
        permission: 'destructive',
        origin: {
          source: 'untrusted_default',
          text: 'untrusted server files',
          server: 'files',
          tool: 'read_text_file',
        },
      })
      const runId = runtime.startRun({
        input: `use files write_file {"path":"${join(shared, 'a.txt')}","content":"x"}`,
      })
      await waitForRun(runtime, runId, 'awaitingConfirmation')
      const card = runtime.view(runId).events.find((e) => e.kind === 'confirmationRequired')
      // A tool without a describe step: its preview is the card's headline, then where its level came
      // from, then every argument whole.
      expect(card && formatEvent(card)).toBe(
        [
          `  ▸ MCP server files › write_file content: "x", path: "${join(shared, 'a.txt')}"`,
          '    DESTRUCTIVE: untrusted server files',
          '  all 2 arguments, shortest first, none cut:',
          '    content: "x"',
          `    path:    "${join(shared, 'a.txt')}"`,
        ].join('\n'),
      )
      await runtime.cancel(runId)
    } finally {
      await server.close()
      await runtime.flush()
      await mcp.close()
    }
  })
})
