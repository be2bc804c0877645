import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AgentEvent } from '../../machines/AgentEvent.ts'
import { RunCommandError } from '../../ui/core/RunCommandError.ts'
import { selectPendingConfirmation, selectStatus } from '../../ui/core/runSelectors.ts'
import type { RemoteRunClient } from '../../ui/remote/RemoteRunClient.ts'
import { StudyPulseClient } from '../../ui/remote/StudyPulseClient.ts'
import { type AppHarness, rawRequest, runToCard, startHarness } from './appHarness.ts'

const addTask = 'add a task to review chapter 3 by Friday, importance 4'

/** Reads a run's event stream until `done` says stop; returns the `agent` events and the last state. */
async function readStream(
  h: AppHarness,
  path: string,
  headers: Record<string, string> = {},
  done: (events: AgentEvent[]) => boolean = () => true,
): Promise<{ events: AgentEvent[]; state: Record<string, unknown> | undefined }> {
  const controller = new AbortController()
  const res = await fetch(`${h.server.url}${path}`, {
    headers: { 'x-studypulse-token': h.server.token, ...headers },
    signal: controller.signal,
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  const events: AgentEvent[] = []
  let state: Record<string, unknown> | undefined
  for (;;) {
    const { value, done: ended } = await reader.read()
    if (ended) break
    text += decoder.decode(value, { stream: true })
    const blocks = text.split('\n\n')
    text = blocks.pop() ?? ''
    for (const block of blocks) {
      const data = block
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice(6)
      if (data === undefined) continue
      if (block.includes('event: agent')) events.push(JSON.parse(data))
      if (block.includes('event: state')) state = JSON.parse(data)
    }
    if (state !== undefined && done(events)) break
  }
  controller.abort()
  return { events, state }
}

describe('the run event stream and the remote client', () => {
  let h: AppHarness
  beforeEach(async () => {
    h = await startHarness()
  })
  afterEach(() => h.dispose())

  const client = () =>
    new StudyPulseClient({
      baseUrl: h.server.url,
      token: h.server.token,
      headers: { origin: h.server.url },
    })

  it('replays a run from seq 1, so a second tab sees the same pending card', async () => {
    const { runId, confirmationId } = await runToCard(h, addTask)
    const all = h.runtime.events(runId)
    const cardSeen = (events: AgentEvent[]) => events.length >= all.length
    const first = await readStream(h, `/api/runs/${runId}/events?from=1`, {}, cardSeen)
    const second = await readStream(h, `/api/runs/${runId}/events`, {}, cardSeen)
    for (const tab of [first, second]) {
      expect(tab.events.map((e) => e.seq)).toEqual(all.map((e) => e.seq))
      expect(tab.state?.value).toBe('awaitingConfirmation')
      expect((tab.state?.pending as { confirmationId?: string } | undefined)?.confirmationId).toBe(
        confirmationId,
      )
    }
  })

  it('resumes after a given seq with Last-Event-ID, and from a seq with ?from=', async () => {
    const { runId } = await runToCard(h, addTask)
    const total = h.runtime.events(runId).length
    const resumed = await readStream(
      h,
      `/api/runs/${runId}/events`,
      { 'last-event-id': '3' },
      (e) => e.length >= total - 3,
    )
    expect(resumed.events[0]?.seq).toBe(4)
    const from = await readStream(
      h,
      `/api/runs/${runId}/events?from=5`,
      {},
      (e) => e.length >= total - 4,
    )
    expect(from.events[0]?.seq).toBe(5)
  })

  it('takes the token as a query parameter for EventSource', async () => {
    const { runId } = await runToCard(h, addTask)
    const res = await rawRequest(h.server.port, {
      path: `/api/runs/${runId}/events?token=wrong`,
      headers: { host: `127.0.0.1:${h.server.port}` },
    })
    expect(res.status).toBe(403)
    const ok = await fetch(`${h.server.url}/api/runs/${runId}/events?token=${h.server.token}`)
    expect(ok.status).toBe(200)
    await ok.body?.cancel()
  })

  it('drives a run end to end through RemoteRunClient: card, allow, task written', async () => {
    const app = client()
    expect((await app.info()).model).toBe('offline-planner')
    const run = await app.startRun(addTask)
    try {
      const card = await until(run, (s) => selectPendingConfirmation(s))
      expect(card.permission).toBe('write')
      expect(await app.readTasks()).toHaveLength(2)
      await run.request({ type: 'CONFIRM', confirmationId: card.confirmationId as string })
      await until(run, (s) => selectStatus(s) === 'awaitingInput' || undefined)
      expect((await app.readTasks()).map((t) => t.title)).toContain('Review chapter 3')
      // The card is spent: a second decision is refused with the runtime's code.
      const again = await run
        .request({ type: 'CONFIRM', confirmationId: card.confirmationId as string })
        .catch((e: unknown) => e)
      expect(again).toBeInstanceOf(RunCommandError)
      expect((again as RunCommandError).code).toBe('confirmation_not_found')
      expect((await app.readTasks()).filter((t) => t.title === 'Review chapter 3')).toHaveLength(1)
    } finally {
      run.close()
    }
  })

  it('a client opened on an existing run (a reloaded page) gets the pending card and can deny it', async () => {
    const { runId, confirmationId } = await runToCard(h, 'delete the task review lecture 1 notes')
    const run: RemoteRunClient = client().openRun(runId)
    try {
      const card = await until(run, (s) => selectPendingConfirmation(s))
      expect(card.confirmationId).toBe(confirmationId)
      expect(card.permission).toBe('destructive')
      await run.request({ type: 'DENY', confirmationId })
      await until(run, (s) => selectStatus(s) === 'awaitingInput' || undefined)
      expect((await h.workspace.readTasks()).map((t) => t.title)).toContain(
        'Review lecture 1 notes',
      )
      const said = run.getSnapshot().context.events.filter((e) => e.kind === 'assistantMessage')
      expect(said.at(-1)?.text).toMatch(/did not delete/)
    } finally {
      run.close()
    }
  })
})

/** Resolves with the first defined value `pick` returns from the client's snapshots. */
function until<T>(
  run: RemoteRunClient,
  pick: (s: ReturnType<RemoteRunClient['getSnapshot']>) => T | undefined,
): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const value = pick(run.getSnapshot())
      if (value === undefined) return false
      sub.unsubscribe()
      resolve(value)
      return true
    }
    const sub = run.subscribe({ next: () => void check() })
    check()
  })
}
