import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildTranscript, type TranscriptItem } from '../../ui/core/buildTranscript.ts'
import { describeCardState } from '../../ui/core/describeCardState.ts'
import { RunCommandError } from '../../ui/core/RunCommandError.ts'
import {
  selectPendingConfirmation,
  selectPendingId,
  selectStatus,
  selectWaiting,
} from '../../ui/core/runSelectors.ts'
import type { RemoteRunClient } from '../../ui/remote/RemoteRunClient.ts'
import { StudyPulseClient } from '../../ui/remote/StudyPulseClient.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
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
    const all = h.runtime.view(runId).events
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
    const total = h.runtime.view(runId).events.length
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
      await run.request({
        type: 'CONFIRM',
        confirmationId: card.confirmationId as string,
        digest: card.digest as string,
      })
      await until(run, (s) => selectStatus(s) === 'awaitingInput' || undefined)
      expect((await app.readTasks()).map((t) => t.title)).toContain('Review chapter 3')
      // The card is spent: a second decision is refused with the runtime's code.
      const again = await run
        .request({
          type: 'CONFIRM',
          confirmationId: card.confirmationId as string,
          digest: card.digest as string,
        })
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
      await run.request({ type: 'DENY', confirmationId, digest: card.digest as string })
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

describe('lasting decisions, edits and expiry, as the page sees them', () => {
  let h: AppHarness
  afterEach(() => h.dispose())
  const client = () =>
    new StudyPulseClient({
      baseUrl: h.server.url,
      token: h.server.token,
      headers: { origin: h.server.url },
    })

  it('a card answered by a rule arrives with who decided and which rule; revoke ends the rule', async () => {
    h = await startHarness()
    const app = client()
    const first = await app.startRun(addTask)
    const second = await (async () => {
      try {
        const card = await until(first, (s) => selectPendingConfirmation(s))
        await first.decide(card.confirmationId as string, 'allow', {
          remember: 'session',
          ...(card.digest !== undefined && { digest: card.digest }),
        })
        await until(first, (s) => selectStatus(s) === 'awaitingInput' || undefined)
        expect(cardsOf(first)[0]?.outcome).toBe('allowed')
        expect(cardsOf(first)[0]?.resolution?.decidedBy).toBe('user')
      } finally {
        first.close()
      }
      return app.startRun('add a task to read chapter 4, importance 2')
    })()
    try {
      await until(second, (s) => selectStatus(s) === 'awaitingInput' || undefined)
      const [card] = cardsOf(second)
      expect(card?.outcome).toBe('allowed')
      expect(card?.resolution?.decidedBy).toBe('policy')
      expect(
        describeCardState({
          outcome: card?.outcome ?? 'pending',
          toolName: 'create_task',
          resolution: card?.resolution,
        }),
      ).toBe('Allowed by your rule: allow adding tasks for this session.')
      expect((await app.readTasks()).map((t) => t.title)).toContain('Read chapter 4')
    } finally {
      second.close()
    }
    const rules = await app.listPolicies()
    expect(rules.map((r) => [r.tool, r.effect, r.scope])).toEqual([
      ['create_task', 'allow', 'session'],
    ])
    await app.revokePolicy(rules[0]?.id as string)
    expect(await app.listPolicies()).toEqual([])
    const gone = await app.revokePolicy(rules[0]?.id as string).catch((e: unknown) => e)
    expect((gone as RunCommandError).code).toBe('policy_not_found')
  })

  it('an edit replaces the card: the old one reads replaced, the new one pending with the edited arguments', async () => {
    h = await startHarness()
    const run = await client().startRun(addTask)
    try {
      const card = await until(run, (s) => selectPendingConfirmation(s))
      const refused = await run
        .edit(card.confirmationId as string, '{"title": ""}')
        .catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(RunCommandError)
      expect((refused as RunCommandError).code).toBe('invalid_edit')
      expect((refused as RunCommandError).status).toBe(400)
      const newId = await run.edit(card.confirmationId as string, { title: 'Edited title' })
      expect(newId).not.toBe(card.confirmationId)
      await until(run, (s) => (selectPendingId(s) === newId ? true : undefined))
      const [old, fresh] = cardsOf(run)
      expect(old?.outcome).toBe('replaced')
      expect(fresh?.outcome).toBe('pending')
      expect(JSON.parse(fresh?.request.argumentsJson ?? '{}')).toEqual({ title: 'Edited title' })
    } finally {
      run.close()
    }
  })

  it('a card nobody answers expires: the page sees it expired by the clock, and it cannot be allowed', async () => {
    h = await startHarness({ confirmationTimeoutMs: 300 })
    const before = await h.tasksFile()
    const run = await client().startRun(addTask)
    try {
      const card = await until(run, (s) => selectPendingConfirmation(s))
      expect(card.expiresAt).toBeDefined()
      await until(run, (s) => selectStatus(s) === 'awaitingInput' || undefined)
      const items = buildTranscript(run.getSnapshot().context.events, false)
      const cards = items.filter((i) => i.kind === 'confirmation')
      expect(cards.map((c) => [c.outcome, c.resolution?.decidedBy])).toEqual([
        ['expired', 'timeout'],
      ])
      // The card says it expired; no second "failed" line repeats it.
      expect(items.filter((i) => i.kind === 'activity' && !i.ok)).toEqual([])
      const late = await run
        .request({
          type: 'CONFIRM',
          confirmationId: card.confirmationId as string,
          digest: card.digest as string,
        })
        .catch((e: unknown) => e)
      expect((late as RunCommandError).code).toBe('confirmation_not_found')
      expect(await h.tasksFile()).toBe(before)
    } finally {
      run.close()
    }
  })
})

type CardItem = Extract<TranscriptItem, { kind: 'confirmation' }>

/** The cards of a remote run as the chat shows them. */
function cardsOf(run: RemoteRunClient): CardItem[] {
  const snapshot = run.getSnapshot()
  return buildTranscript(snapshot.context.events, selectWaiting(snapshot)).filter(
    (i): i is CardItem => i.kind === 'confirmation',
  )
}

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
