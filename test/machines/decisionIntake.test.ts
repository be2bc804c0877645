// The runtime's one decision intake (`runtime.decide`): a request is checked as a whole, then
// applied all or none, and its answer says per card what happened (taken, lost, refused, waiting).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import type { CardAnswer } from '../../vocabulary/DecisionRequest.ts'
import type { Identity } from '../../vocabulary/Identity.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { pendingId } from '../helpers/runHarness.ts'
import { sequentialIds, tempWorkspace, trackRuntime } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const title = (id: string) => `Task ${id}`
const call = (id: string) => ({ id, name: 'create_task', arguments: `{"title":"${title(id)}"}` })
const rita = { id: 'rita', name: 'Rita' }
const sam = { id: 'sam', name: 'Sam' }
const alice = { id: 'alice', name: 'Alice' }

let now = Date.parse('2026-12-01T09:00:00.000Z')
function runtimeWith(
  calls: string[],
  options: { approvalRules?: ApprovalRules; confirmationTimeoutMs?: number } = {},
): AgentRuntime {
  now = Date.parse('2026-12-01T09:00:00.000Z')
  const runtime = createAgentRuntime({
    // Each run's first turn proposes its call; after it ran, each says ok.
    model: new ScriptedModel([
      ...calls.map((id) => ({ toolCalls: [call(id)] })),
      ...calls.map(() => ({ text: 'ok' })),
    ]),
    tools: createToolRegistry(),
    workspace: ws,
    clock: () => new Date(now),
    generateId: sequentialIds('id'),
    // The card's deadline passes by the clock alone: no timer expires it first.
    timers: {
      setInterval: () => undefined,
      clearInterval: () => {},
      setTimeout: () => undefined,
      clearTimeout: () => {},
    },
    ...options,
  })
  trackRuntime(runtime)
  return runtime
}

async function waitingRun(runtime: AgentRuntime, by?: Identity) {
  const runId = runtime.startRun({ input: 'go', ...(by !== undefined && { by }) })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  return { runId, confirmationId: pendingId(runtime, runId) }
}

const allow = (card: { runId: string; confirmationId: string }): CardAnswer => ({
  ...card,
  decision: 'allow',
})

describe('the decision intake checks a request as a whole', () => {
  it('answers twice to one card (the same or different): refused whole, nothing decided', async () => {
    const runtime = runtimeWith(['a'])
    const card = await waitingRun(runtime)
    for (const second of ['deny', 'allow'] as const) {
      const answer = await runtime.decide({
        face: 'test',
        answers: [allow(card), { ...card, decision: second }],
      })
      expect(answer.ok).toBe(false)
      expect(answer.cards.map((c) => c.status === 'refused' && c.code)).toEqual([
        'conflicting_answers',
        'conflicting_answers',
      ])
    }
    expect(runtime.view(card.runId).pending?.confirmationId).toBe(card.confirmationId)
    expect(await ws.readTasks()).toEqual([])
  })

  it('one valid answer beside an unknown id: nothing applied, each card says why', async () => {
    const runtime = runtimeWith(['a', 'b'])
    const first = await waitingRun(runtime)
    const second = await waitingRun(runtime)
    const answer = await runtime.decide({
      face: 'test',
      answers: [allow(first), { ...allow(second), confirmationId: 'no-such-card' }],
    })
    expect(answer.ok).toBe(false)
    expect(answer.cards).toMatchObject([
      { status: 'refused', code: 'request_refused' },
      { status: 'refused', code: 'confirmation_not_found' },
    ])
    expect(runtime.view(first.runId).value).toBe('awaitingConfirmation')
    expect(await ws.readTasks()).toEqual([])
    // The same answer alone is taken, and says what the call did.
    const alone = await runtime.decide({ face: 'test', by: rita, answers: [allow(first)] })
    expect(alone).toEqual({
      ok: true,
      cards: [{ ...allow(first), status: 'taken', by: rita, outcome: { ok: true } }],
    })
    expect((await ws.readTasks()).map((t) => t.title)).toEqual([title('a')])
  })

  it("another asker's card is answered as no card at all", async () => {
    const runtime = runtimeWith(['a'])
    const card = await waitingRun(runtime, alice)
    for (const asker of [{ person: { id: 'bob' } }, { owns: () => false }]) {
      const answer = await runtime.decide({
        face: 'test',
        by: alice,
        asker,
        answers: [allow(card)],
      })
      expect(answer.cards).toMatchObject([{ status: 'refused', code: 'confirmation_not_found' }])
    }
    expect(await ws.readTasks()).toEqual([])
    const mine = await runtime.decide({
      face: 'test',
      by: alice,
      asker: { person: alice, session: 's1', owns: (runId) => runId === card.runId },
      answers: [allow(card)],
    })
    expect(mine.cards).toMatchObject([{ status: 'taken' }])
  })

  it('an approver the rules do not name is refused, and so is the request around it', async () => {
    const runtime = runtimeWith(['a', 'b'], {
      approvalRules: { version: 1, rules: [{ levels: ['write'], approvers: { users: ['rita'] } }] },
    })
    const first = await waitingRun(runtime)
    const second = await waitingRun(runtime)
    const answer = await runtime.decide({
      face: 'test',
      by: sam,
      answers: [allow(first), allow(second)],
    })
    expect(answer.cards).toMatchObject([
      { status: 'refused', code: 'approver_not_allowed' },
      { status: 'refused', code: 'approver_not_allowed' },
    ])
    expect(await ws.readTasks()).toEqual([])
  })

  it('changed input is refused; the card’s own input is taken', async () => {
    const runtime = runtimeWith(['a'])
    const card = await waitingRun(runtime)
    const changed = await runtime.decide({
      face: 'test',
      answers: [{ ...allow(card), input: { title: 'Delete everything' } }],
    })
    expect(changed.cards).toMatchObject([{ status: 'refused', code: 'input_changed' }])
    const digest = await runtime.decide({
      face: 'test',
      answers: [{ ...allow(card), digest: 'f'.repeat(64) }],
    })
    expect(digest.cards).toMatchObject([{ status: 'refused', code: 'input_changed' }])
    expect(await ws.readTasks()).toEqual([])
    const same = await runtime.decide({
      face: 'test',
      answers: [{ ...allow(card), input: { title: title('a') } }],
    })
    expect(same.cards).toMatchObject([{ status: 'taken', outcome: { ok: true } }])
  })

  it('a card past its deadline is refused as expired, before its timer closed it', async () => {
    const runtime = runtimeWith(['a'], { confirmationTimeoutMs: 60_000 })
    const card = await waitingRun(runtime)
    now += 60_001
    const answer = await runtime.decide({ face: 'test', answers: [allow(card)] })
    expect(answer.cards).toMatchObject([{ status: 'refused', code: 'confirmation_expired' }])
    expect(await ws.readTasks()).toEqual([])
  })

  it('concurrent answers for one card: exactly one is taken, the others lost to it', async () => {
    const runtime = runtimeWith(['a'])
    const card = await waitingRun(runtime)
    const people = [rita, sam, alice]
    const answers = await Promise.all(
      people.map((by) => runtime.decide({ face: 'test', by, answers: [allow(card)] })),
    )
    const taken = answers.flatMap((a) => a.cards).filter((c) => c.status === 'taken')
    const lost = answers.flatMap((a) => a.cards).filter((c) => c.status === 'lost')
    expect(taken).toHaveLength(1)
    expect(lost).toHaveLength(2)
    const winner = taken[0]?.status === 'taken' ? taken[0].by : undefined
    for (const l of lost) {
      expect(l).toMatchObject({ to: { decision: 'allow', decidedBy: 'user', decider: winner } })
    }
    expect(await ws.readTasks()).toHaveLength(1)
  })

  it('an approval short of the quorum is waiting; the last one takes the card', async () => {
    const runtime = runtimeWith(['a'], {
      approvalRules: {
        version: 1,
        rules: [{ levels: ['write'], approvers: { users: ['rita', 'sam'] }, quorum: 2 }],
      },
    })
    const card = await waitingRun(runtime)
    const first = await runtime.decide({ face: 'test', by: rita, answers: [allow(card)] })
    expect(first).toMatchObject({
      ok: true,
      cards: [{ status: 'waiting', approvals: 1, needed: 1 }],
    })
    expect(await ws.readTasks()).toEqual([])
    const second = await runtime.decide({ face: 'test', by: sam, answers: [allow(card)] })
    expect(second.cards).toMatchObject([{ status: 'taken', by: sam, outcome: { ok: true } }])
    expect(await ws.readTasks()).toHaveLength(1)
  })
})
