import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { deliveredEvents, eventsOf, makeRuntime } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import {
  bytesThrough,
  bytesThroughEvent,
  type FakeModelServer,
  jsonReply,
  sseReply,
  startFakeModelServer,
} from './fakeModelServer.ts'
import { anthropicKit, openAIKit } from './protocolKits.ts'

let server: FakeModelServer
let ws: Workspace
let dispose: () => Promise<void>
const runtimes: AgentRuntime[] = []
beforeEach(async () => {
  server = await startFakeModelServer()
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(async () => {
  // Runs save themselves in the workspace; let that finish before the folder goes.
  await Promise.all(runtimes.splice(0).map((rt) => rt.flush()))
  await server.close()
  await dispose()
})

function runtimeFor(model: Parameters<typeof makeRuntime>[0]): AgentRuntime {
  const rt = makeRuntime(model, ws)
  runtimes.push(rt)
  return rt
}

describe.each([openAIKit, anthropicKit])('$label failures as the runtime sees them', (kit) => {
  it('a stream cut inside a tool call fails the run: no tool requested, nothing written', async () => {
    const body = kit.toolStream('Adding it.', 'call_cut', ['{"title":"Cut ', 'short"}'])
    server.reply(sseReply(body, { stopAfterBytes: bytesThrough(body, 'Cut '), onStop: 'cut' }))
    const rt = runtimeFor(kit.client(server.url))
    const runId = rt.startRun({ input: 'add a task' })
    await waitForRun(rt, runId, 'failed')

    expect(eventsOf(rt, runId, 'runFailed').map((e) => e.error?.code)).toEqual([
      'model_stream_interrupted',
    ])
    expect(eventsOf(rt, runId, 'toolRequested')).toEqual([])
    expect(eventsOf(rt, runId, 'assistantMessage')).toEqual([])
    expect(
      deliveredEvents(rt, runId)
        .filter((e) => e.kind === 'assistantDelta')
        .map((e) => e.text),
    ).toEqual(['Adding it.'])
    // Streamed text is delivered live, never stored one delta at a time.
    expect(eventsOf(rt, runId, 'assistantDelta')).toEqual([])
    expect(await ws.readTasks()).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('a slow stream cancelled by the user: the HTTP request is aborted and the run ends', async () => {
    const body = kit.textStream(['Let me think', ' about this for a very long time.'])
    server.reply(
      sseReply(body, { stopAfterBytes: bytesThroughEvent(body, 'Let me think'), onStop: 'hang' }),
    )
    const rt = runtimeFor(kit.client(server.url))
    let firstDelta: () => void = () => {}
    const streaming = new Promise<void>((resolve) => {
      firstDelta = resolve
    })
    rt.subscribe((event) => {
      if (event.kind === 'assistantDelta') firstDelta()
    })
    const runId = rt.startRun({ input: 'explain everything' })
    await streaming
    await rt.cancel(runId, 'stop')
    await waitForRun(rt, runId, 'cancelled')
    await server.hungUp()

    expect(server.hangUps).toBe(1)
    const kinds = deliveredEvents(rt, runId).map((e) => e.kind)
    expect(kinds).toContain('assistantDelta')
    expect(kinds).not.toContain('assistantMessage')
    expect(kinds).not.toContain('runFailed')
    expect(kinds).toContain('runCancelled')
    expect(rt.view(runId).value).toBe('cancelled')
  })

  it('a refused key fails the run with model_auth naming the variable', async () => {
    server.reply(jsonReply(401, kit.errorBody(401)))
    const rt = runtimeFor(kit.client(server.url))
    const runId = rt.startRun({ input: 'hello' })
    await waitForRun(rt, runId, 'failed')
    const [failed] = eventsOf(rt, runId, 'runFailed')
    expect(failed?.error?.code).toBe('model_auth')
    expect(failed?.error?.message).toContain(kit.keyVariable)
  })
})
