import { afterEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { readEventStream, type ServerSentEvent } from '../../ui/remote/readEventStream.ts'
import { StudyPulseClient } from '../../ui/remote/StudyPulseClient.ts'
import { recordVersion } from '../../workspace/recordVersion.ts'
import type { WorkspaceChange } from '../../workspace/WorkspaceChange.ts'
import { otherProcess } from '../workspace/otherProcess.ts'
import { type AppHarness, pageGet, pagePost, startHarness } from './appHarness.ts'

let h: AppHarness
afterEach(() => h.dispose())

/** The live stream, read frame by frame until `until` has seen what it waits for. */
async function follow(until: (frames: ServerSentEvent[]) => boolean, act: () => Promise<unknown>) {
  const abort = new AbortController()
  const response = await fetch(`${h.server.url}/api/workspace/events`, {
    headers: { 'x-studypulse-token': h.server.token, accept: 'text/event-stream' },
    signal: abort.signal,
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const frames: ServerSentEvent[] = []
  let acted = false
  try {
    for await (const batch of readEventStream(response.body as ReadableStream<Uint8Array>)) {
      frames.push(...batch)
      // Once the stream says it is ready, the change is made: nothing before it is missed.
      if (!acted && frames.some((f) => f.event === 'ready')) {
        acted = true
        await act()
      }
      if (until(frames)) break
    }
  } finally {
    abort.abort()
  }
  return frames
}

const post = (path: string, body: unknown, headers = h.pageHeaders()) =>
  pagePost(h, path, body, headers)

describe('GET /api/workspace/events: the live panel hears every change', () => {
  it('a task written by another process on the folder arrives as a workspace frame', async () => {
    h = await startHarness()
    const frames = await follow(
      (seen) => seen.some((f) => f.event === 'workspace'),
      () => otherProcess(h.workspace.root, 'add-task', 'chat-1', 'Written by the terminal chat'),
    )
    expect(frames[0]).toEqual({ event: 'ready', data: '{"watching":true}' })
    expect(JSON.parse(frames.find((f) => f.event === 'workspace')?.data ?? '')).toEqual({
      parts: ['tasks'],
    })
    const tasks = (await pageGet(h, '/api/workspace/tasks').then((r) => r.json().tasks)) as {
      title: string
    }[]
    expect(tasks.map((t) => t.title)).toContain('Written by the terminal chat')
  })

  it("a run's state changes arrive as runs frames, for the run list", async () => {
    h = await startHarness()
    let runId = ''
    const frames = await follow(
      (seen) => seen.some((f) => f.event === 'runs' && f.data.includes('awaitingInput')),
      async () => {
        runId = (await post('/api/runs', { input: 'what are my tasks?' })).json().runId as string
        await waitForRun(h.runtime, runId, 'awaitingInput')
      },
    )
    const runs = frames.filter((f) => f.event === 'runs').map((f) => JSON.parse(f.data))
    expect(runs[0]).toEqual({ runId, status: 'thinking' })
    expect(runs.at(-1)).toEqual({ runId, status: 'awaitingInput' })
  })
})

describe('StudyPulseClient.watchChanges: a page misses nothing', () => {
  it('once connected it says anything may have changed, so a write between its first read and the stream is read too', async () => {
    h = await startHarness()
    const client = new StudyPulseClient({ baseUrl: h.server.url, token: h.server.token })
    // A page reads the tasks, then another process writes before the page's stream is open.
    await client.readTasks()
    await otherProcess(h.workspace.root, 'add-task', 'early', 'Written before the stream opened')
    const told: WorkspaceChange[] = []
    const connected = new Promise<void>((resolve) => {
      const stop = client.watchChanges((change) => {
        told.push(change)
        stop()
        resolve()
      })
    })
    await connected
    expect(told[0]).toEqual({ parts: ['tasks', 'memory', 'notes', 'notebooks'] })
    expect((await client.readTasks()).map((t) => t.title)).toContain(
      'Written before the stream opened',
    )
  })
})

describe("POST /api/workspace/tasks/:taskId/done: the person's own tick", () => {
  it('marks the task as shown done, and refuses a task changed since, an unknown one, and another origin', async () => {
    h = await startHarness()
    const [shown] = await h.workspace.readTasks()
    if (shown === undefined) throw new Error('the sample has no task')
    const path = `/api/workspace/tasks/${encodeURIComponent(shown.id)}/done`
    const version = recordVersion('task', shown)

    const foreign = await post(
      path,
      { done: true, version },
      h.pageHeaders({ origin: 'http://evil.example' }),
    )
    expect(foreign.status).toBe(403)
    expect((await h.workspace.readTask(shown.id))?.value.done).toBe(false)

    const ticked = await post(path, { done: true, version })
    expect(ticked.status, ticked.body).toBe(200)
    expect(ticked.json()).toMatchObject({ task: { id: shown.id, done: true } })
    const now = await h.workspace.readTask(shown.id)
    expect(now?.value.done).toBe(true)
    expect(ticked.json().version).toBe(now?.version)

    // The same tick again, from a page that still shows the task undone: refused, nothing written.
    const stale = await post(path, { done: false, version })
    expect([stale.status, stale.json().error?.code]).toEqual([409, 'target_changed'])
    expect((await h.workspace.readTask(shown.id))?.value.done).toBe(true)

    const missing = await post('/api/workspace/tasks/no-such-task/done', { done: true, version })
    expect([missing.status, missing.json().error?.code]).toEqual([404, 'task_not_found'])
    const huge = await post(`/api/workspace/tasks/${'x'.repeat(300)}/done`, { done: true, version })
    expect(huge.status).toBe(404)
  })
})
