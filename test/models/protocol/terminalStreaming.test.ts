import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { makeRuntime } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { typeIntoChat } from '../../helpers/terminalChat.ts'
import { type FakeModelServer, sseReply, startFakeModelServer } from './fakeModelServer.ts'
import { openAIKit } from './protocolKits.ts'

let server: FakeModelServer
let ws: Workspace
let dispose: () => Promise<void>
let runtime: AgentRuntime | undefined
beforeEach(async () => {
  server = await startFakeModelServer()
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(async () => {
  await runtime?.flush()
  await server.close()
  await dispose()
})

/** Every separate write the chat made to its output, in order. */
let writes: string[] = []

/** Runs the terminal chat, typing each line when a prompt asks for one; returns what it wrote. */
async function chat(lines: string[]): Promise<string> {
  writes = []
  runtime = makeRuntime(openAIKit.client(server.url), ws)
  return typeIntoChat(runtime, lines, { onWrite: (chunk) => writes.push(chunk) })
}

describe('terminal chat with a streaming model', () => {
  it('prints the answer as it streams, on one line, and does not print it again', async () => {
    server.reply(sseReply(openAIKit.textStream(['Hello', ' there, ', 'student.'])))
    const written = await chat(['hi'])
    expect(written).toContain('studypulse › Hello there, student.\n')
    expect(written.split('Hello there, student.')).toHaveLength(2)
    // Each piece was written as it arrived, not as one line at the end.
    const at = writes.indexOf('Hello')
    expect(writes.slice(at - 1, at + 4)).toEqual([
      'studypulse › ',
      'Hello',
      ' there, ',
      'student.',
      '\n',
    ])
  })

  it('ends the streamed line before the tool lines that follow it', async () => {
    server.reply(
      sseReply(openAIKit.toolStream('Adding it.', 'call_1', ['{"title":"Read ', 'chapter 3"}'])),
      sseReply(openAIKit.textStream(['Left it.'])),
    )
    const written = await chat(['add a task: read chapter 3', 'n'])
    expect(written).toContain(
      'studypulse › Adding it.\n  → Add a task [WRITE]\n  ▸ Create task “Read chapter 3”',
    )
    expect(written.split('Adding it.')).toHaveLength(2)
    expect(written).toContain('  denied\n')
    expect(written).toContain('studypulse › Left it.\n')
    expect(await ws.readTasks()).toEqual([])
  })
})
