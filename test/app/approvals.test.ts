import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { type AppHarness, rawRequest, runToCard, startHarness } from './appHarness.ts'

const addTask = 'add a task to review chapter 3 by Friday, importance 4'
const addOther = 'add a task to read chapter 4, importance 2'

let h: AppHarness
afterEach(() => h.dispose())

const post = (path: string, body: unknown, headers = h.pageHeaders()) =>
  rawRequest(h.server.port, { method: 'POST', path, headers, body: JSON.stringify(body) })
const get = (path: string) => rawRequest(h.server.port, { path, headers: h.pageHeaders() })
const decide = (runId: string, body: Record<string, unknown>) =>
  post(`/api/runs/${runId}/confirmations`, body)
const edit = (runId: string, body: Record<string, unknown>) => post(`/api/runs/${runId}/edit`, body)
const listRules = async () =>
  (await get('/api/policies')).json().rules as {
    id: string
    tool: string
    effect: string
    scope: string
    description: string
  }[]
const startRun = async (input: string) => {
  const res = await post('/api/runs', { input })
  expect(res.status).toBe(201)
  return res.json().runId as string
}
const eventsOf = (runId: string, kind: AgentEvent['kind']) =>
  h.runtime.view(runId).events.filter((e) => e.kind === kind)
const titles = async () => (await h.workspace.readTasks()).map((t) => t.title)

describe('lasting decisions over HTTP', () => {
  beforeEach(async () => {
    h = await startHarness()
  })

  it('allow for this session: the next write runs with no card, is audited, listed, and revoking brings the card back', async () => {
    const first = await runToCard(h, addTask)
    const digest = h.runtime.view(first.runId).pending?.digest
    const res = await decide(first.runId, {
      confirmationId: first.confirmationId,
      decision: 'allow',
      remember: 'session',
      digest,
    })
    expect(res.status).toBe(200)
    await waitForRun(h.runtime, first.runId, 'awaitingInput')
    expect(await titles()).toContain('Review chapter 3')

    // A new run: the rule answers its card, nobody clicks.
    const second = await startRun(addOther)
    await waitForRun(h.runtime, second, 'awaitingInput')
    expect(await titles()).toContain('Read chapter 4')
    const [resolved] = eventsOf(second, 'confirmationResolved')
    expect(resolved).toMatchObject({ decision: 'allow', decidedBy: 'policy' })
    expect(resolved?.rule).toContain('allow create_task for this session')

    await h.runtime.flush()
    const audit = (await h.runtime.store?.readAudit()) ?? []
    expect(audit.map((a) => [a.runId, a.toolName, a.decidedBy, a.outcome])).toEqual([
      [first.runId, 'create_task', 'user', 'completed'],
      [second, 'create_task', 'policy', 'completed'],
    ])

    const rules = await listRules()
    expect(rules).toEqual([
      expect.objectContaining({
        tool: 'create_task',
        effect: 'allow',
        scope: 'session',
        description: 'allow create_task for this session',
      }),
    ])
    const ruleId = rules[0]?.id as string

    // Revoking is a state change: the page's own Origin is required, and a refusal keeps the rule.
    const foreign = await post(
      `/api/policies/${ruleId}/revoke`,
      {},
      h.pageHeaders({ origin: 'http://evil.example' }),
    )
    expect(foreign.status).toBe(403)
    expect(await listRules()).toHaveLength(1)

    expect((await post(`/api/policies/${ruleId}/revoke`, {})).status).toBe(200)
    expect(await listRules()).toEqual([])
    const again = await post(`/api/policies/${ruleId}/revoke`, {})
    expect(again.status).toBe(404)
    expect(again.json().error?.code).toBe('policy_not_found')

    const third = await runToCard(h, 'add a task to summarise chapter 5')
    expect(h.runtime.view(third.runId).value).toBe('awaitingConfirmation')
    expect(eventsOf(third.runId, 'confirmationResolved')).toEqual([])
  })

  it('always deny: the next call of that tool is denied by the rule, and nothing is written', async () => {
    const first = await runToCard(h, addTask)
    const before = await h.tasksFile()
    const res = await decide(first.runId, {
      confirmationId: first.confirmationId,
      decision: 'deny',
      remember: 'always',
    })
    expect(res.status).toBe(200)
    await waitForRun(h.runtime, first.runId, 'awaitingInput')
    const second = await startRun(addOther)
    await waitForRun(h.runtime, second, 'awaitingInput')
    expect(eventsOf(second, 'confirmationResolved')[0]).toMatchObject({
      decision: 'deny',
      decidedBy: 'policy',
    })
    expect(await h.tasksFile()).toBe(before)
    expect(await listRules()).toEqual([
      expect.objectContaining({ tool: 'create_task', effect: 'deny', scope: 'always' }),
    ])
  })

  it('refuses a rule the tool cannot have (destructive, or allow always): 409, card still pending, nothing changed', async () => {
    const { runId, confirmationId } = await runToCard(h, 'delete the task review lecture 1 notes')
    const before = await h.tasksFile()
    for (const remember of ['session', 'run', 'always']) {
      const res = await decide(runId, { confirmationId, decision: 'allow', remember })
      expect(res.status).toBe(409)
      expect(res.json().error?.code).toBe('policy_not_allowed')
    }
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    expect(eventsOf(runId, 'confirmationResolved')).toEqual([])
    expect(await listRules()).toEqual([])
    expect(await h.tasksFile()).toBe(before)
  })

  it('validates remember and digest, and refuses a decision for a different call (409)', async () => {
    const { runId, confirmationId } = await runToCard(h, addTask)
    const before = await h.tasksFile()
    for (const body of [
      { confirmationId, decision: 'allow', remember: 'forever' },
      { confirmationId, decision: 'allow', digest: 'ABC' },
      { confirmationId, decision: 'allow', digest: 'A'.repeat(64) },
    ]) {
      const res = await decide(runId, body)
      expect(res.status).toBe(400)
      expect(res.json().error?.code).toBe('invalid_request')
    }
    const wrong = await decide(runId, { confirmationId, decision: 'allow', digest: '0'.repeat(64) })
    expect(wrong.status).toBe(409)
    expect(wrong.json().error?.code).toBe('confirmation_not_found')
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    expect(await h.tasksFile()).toBe(before)
  })
})

describe('edit before approve over HTTP', () => {
  beforeEach(async () => {
    h = await startHarness()
  })

  it('invalid arguments: 400 invalid_edit with the reason, the card unchanged', async () => {
    const { runId, confirmationId } = await runToCard(h, addTask)
    const before = await h.tasksFile()
    const cards = eventsOf(runId, 'confirmationRequired').length
    for (const args of [{ title: '   ' }, '{"title": "x", "importance": 9}', '{not json']) {
      const res = await edit(runId, { confirmationId, arguments: args })
      expect(res.status).toBe(400)
      expect(res.json().error?.code).toBe('invalid_edit')
      expect(res.json().error?.message).toMatch(/not valid/)
    }
    const badBody = await edit(runId, { confirmationId, arguments: 42 })
    expect(badBody.status).toBe(400)
    expect(badBody.json().error?.code).toBe('invalid_request')
    const huge = await edit(runId, { confirmationId, arguments: { title: 'x'.repeat(20_000) } })
    expect(huge.status).toBe(400)
    expect(huge.json().error?.code).toBe('invalid_request')
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    expect(eventsOf(runId, 'confirmationRequired')).toHaveLength(cards)
    expect(await h.tasksFile()).toBe(before)
  })

  it('valid arguments: a new card id; the old id is refused (409); allowing writes the edited task once', async () => {
    const { runId, confirmationId } = await runToCard(h, addTask)
    const res = await edit(runId, {
      confirmationId,
      arguments: JSON.stringify({ title: 'Review chapter 3 and 4', importance: 5 }),
    })
    expect(res.status).toBe(200)
    const newId = res.json().confirmationId as string
    expect(newId).toBeTruthy()
    expect(newId).not.toBe(confirmationId)
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(newId)
    const card = eventsOf(runId, 'confirmationRequired').at(-1)
    expect(card?.preview).toBe('Create task “Review chapter 3 and 4”, importance 5 of 5')
    expect(JSON.parse(card?.payloadJson ?? '{}')).toEqual({
      title: 'Review chapter 3 and 4',
      importance: 5,
    })

    const old = await decide(runId, { confirmationId, decision: 'allow' })
    expect(old.status).toBe(409)
    expect(old.json().error?.code).toBe('confirmation_not_found')
    const oldEdit = await edit(runId, { confirmationId, arguments: { title: 'Other' } })
    expect(oldEdit.status).toBe(409)
    expect(await titles()).not.toContain('Review chapter 3 and 4')

    expect((await decide(runId, { confirmationId: newId, decision: 'allow' })).status).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const tasks = await h.workspace.readTasks()
    expect(tasks.filter((t) => t.title === 'Review chapter 3 and 4')).toEqual([
      expect.objectContaining({ importance: 5 }),
    ])
    expect(await titles()).not.toContain('Review chapter 3')
  })
})

describe('a restart keeps the pending card', () => {
  beforeEach(async () => {
    h = await startHarness()
  })

  it('a new runtime and server on the same folder restore the card; it works once', async () => {
    const { runId, confirmationId } = await runToCard(h, addTask)
    h = await h.restart()
    expect(h.restored).toEqual([runId])
    const runs = (await get('/api/runs')).json().runs
    expect(runs).toEqual([
      expect.objectContaining({ runId, status: 'awaitingConfirmation', pending: true }),
    ])
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    expect(await titles()).not.toContain('Review chapter 3')

    expect((await decide(runId, { confirmationId, decision: 'allow' })).status).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const again = await decide(runId, { confirmationId, decision: 'allow' })
    expect(again.status).toBe(409)
    expect(again.json().error?.code).toBe('confirmation_not_found')
    expect((await titles()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
  })
})
