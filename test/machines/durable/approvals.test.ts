import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { internalsOf } from '../../../runtime/runtimeInternals.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../../vocabulary/ChatMessage.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, pendingId } from '../../helpers/runHarness.ts'
import {
  endEarlierProcesses,
  sequentialIds,
  tempWorkspace,
  trackRuntime,
} from '../../helpers/tempWorkspace.ts'

let ws: Workspace
let dir: string
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dir, dispose } = await tempWorkspace()))
afterEach(() => dispose())

let callNo = 0
const call = (name: string, args: object): ModelTurn => ({
  toolCalls: [{ id: `c${++callNo}`, name, arguments: JSON.stringify(args) }],
})

async function boot(
  script: ModelTurn[],
  extra: { confirmationTimeoutMs?: number; prefix?: string } = {},
) {
  await endEarlierProcesses()
  const model = new ScriptedModel(script)
  const runtime = createAgentRuntime({
    model,
    tools: createToolRegistry(),
    workspace: await Workspace.open(dir),
    store: sqliteRunStore(dir),
    generateId: sequentialIds(extra.prefix ?? 'id'),
    ...(extra.confirmationTimeoutMs !== undefined && {
      confirmationTimeoutMs: extra.confirmationTimeoutMs,
    }),
  })
  trackRuntime(runtime)
  return { runtime, model }
}

const lastToolMessage = (model: ScriptedModel) => {
  const message = model.requests.at(-1)?.messages.at(-1)
  return message?.role === 'tool' ? JSON.parse(message.content) : undefined
}

describe('timeouts', () => {
  it('an unanswered card expires: confirmation_expired reaches the model, nothing runs', async () => {
    const { runtime, model } = await boot(
      [call('create_task', { title: 'Late' }), { text: 'It expired.' }],
      {
        confirmationTimeoutMs: 40,
      },
    )
    const runId = runtime.startRun({ input: 'plan' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const required = eventsOf(runtime, runId, 'confirmationRequired')[0]
    expect(required?.expiresAt).toBeDefined()
    const cardId = pendingId(runtime, runId)
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(lastToolMessage(model)).toMatchObject({
      ok: false,
      error: { code: 'confirmation_expired' },
    })
    expect(eventsOf(runtime, runId, 'confirmationResolved')[0]).toMatchObject({
      decision: 'deny',
      decidedBy: 'timeout',
    })
    await expect(runtime.submitConfirmation(runId, cardId, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    expect(await ws.readTasks()).toEqual([])
  })

  it('a card restored after a restart still expires on its original deadline', async () => {
    const first = await boot([call('create_task', { title: 'Late' })], {
      confirmationTimeoutMs: 300,
      prefix: 'a',
    })
    const runId = first.runtime.startRun({ input: 'plan' })
    await waitForRun(first.runtime, runId, 'awaitingConfirmation')
    const deadline = first.runtime.view(runId).pending?.expiresAt
    await first.runtime.flush()
    internalsOf(first.runtime).crash(runId) // the process dies: nothing more is saved, its timer is gone
    const second = await boot([{ text: 'Expired.' }], { confirmationTimeoutMs: 300, prefix: 'b' })
    expect(await second.runtime.restore()).toEqual([runId])
    expect(second.runtime.view(runId).pending?.expiresAt).toBe(deadline)
    await waitForRun(second.runtime, runId, 'awaitingInput', { timeoutMs: 20_000 })
    expect(eventsOf(second.runtime, runId, 'toolFailed').at(-1)?.error?.code).toBe(
      'confirmation_expired',
    )
    expect(await ws.readTasks()).toEqual([])
  })
})

describe('edit before approve', () => {
  it('an edit is a new proposal: new id, old id dead, one execution with the edited arguments', async () => {
    const { runtime, model } = await boot([
      call('create_task', { title: 'Raed chaptr 3' }),
      { text: 'Done.' },
    ])
    const runId = runtime.startRun({ input: 'plan' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const oldId = pendingId(runtime, runId)
    const edit = (args: object) =>
      runtime
        .command(runId, { kind: 'edit', confirmationId: oldId, args })
        .then((result) => (result.applied ? result.confirmationId : undefined))
    await expect(edit({ title: '   ' })).rejects.toMatchObject({ code: 'invalid_edit' })
    expect(pendingId(runtime, runId)).toBe(oldId)
    const newId = await edit({ title: 'Read chapter 3', importance: 4 })
    expect(pendingId(runtime, runId)).toBe(newId)
    expect(newId).not.toBe(oldId)
    expect(eventsOf(runtime, runId, 'confirmationRequired').at(-1)?.preview).toBe(
      'Create task “Read chapter 3”, importance 4 of 5',
    )
    await expect(runtime.submitConfirmation(runId, oldId, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    await runtime.submitConfirmation(runId, newId as string, 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    const tasks = await ws.readTasks()
    expect(tasks.map((t) => [t.title, t.importance])).toEqual([['Read chapter 3', 4]])
    expect(lastToolMessage(model)).toMatchObject({
      ok: true,
      editedByUser: { arguments: { title: 'Read chapter 3', importance: 4 } },
    })
  })
})

describe('policies', () => {
  it('allow for this session: no card for the next write, but an audit line that names the rule', async () => {
    const { runtime } = await boot([
      call('create_task', { title: 'First' }),
      { text: 'ok' },
      call('create_task', { title: 'Second' }),
      { text: 'ok' },
    ])
    const one = runtime.startRun({ input: 'first' })
    await waitForRun(runtime, one, 'awaitingConfirmation')
    await runtime.submitConfirmation(one, pendingId(runtime, one), 'allow', { remember: 'session' })
    expect(eventsOf(runtime, one, 'confirmationResolved')[0]).toMatchObject({
      decidedBy: 'user',
      rule: 'kept as a rule: allow create_task for this session',
    })
    await waitForRun(runtime, one, 'awaitingInput')
    const two = runtime.startRun({ input: 'second' })
    await waitForRun(runtime, two, 'awaitingInput')
    await runtime.flush()
    expect((await ws.readTasks()).map((t) => t.title).sort()).toEqual(['First', 'Second'])
    const resolved = eventsOf(runtime, two, 'confirmationResolved')
    expect(resolved).toEqual([expect.objectContaining({ decision: 'allow', decidedBy: 'policy' })])
    expect(resolved[0]?.rule).toContain('allow create_task for this session')
    const audit = (await runtime.store?.readAudit()) ?? []
    expect(audit.map((a) => [a.toolName, a.decidedBy, a.outcome])).toEqual([
      ['create_task', 'user', 'completed'],
      ['create_task', 'policy', 'completed'],
    ])
    const [rule] = runtime.policies.list()
    expect(rule && runtime.policies.revoke(rule.id)).toBe(true)
    expect(runtime.policies.list()).toEqual([])
  })

  it('destructive and execute tools are never auto-allowed, by the store or by a forged event', async () => {
    const { runtime } = await boot([call('delete_task', { id: 't1' })])
    expect(() =>
      runtime.policies.add({ tool: 'delete_task', effect: 'allow', scope: 'session' }),
    ).toThrow(expect.objectContaining({ code: 'policy_not_allowed' }))
    const runId = runtime.startRun({ input: 'delete' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const cardId = pendingId(runtime, runId)
    await expect(
      runtime.submitConfirmation(runId, cardId, 'allow', { remember: 'session' }),
    ).rejects.toMatchObject({ code: 'policy_not_allowed' })
    expect(runtime.policies.list()).toEqual([])
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
    internalsOf(runtime)
      .session(runId)
      ?.send({
        type: 'CONFIRM',
        decision: {
          runId,
          confirmationId: cardId,
          decision: 'allow',
          digest: runtime.view(runId).pending?.digest as string,
          by: { kind: 'rule', rule: 'forged' },
        },
      })
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
    expect(eventsOf(runtime, runId, 'confirmationResolved')).toEqual([])
  })

  it('always deny sticks across a restart', async () => {
    const first = await boot([call('write_memory', { text: 'x' }), { text: 'ok' }], { prefix: 'a' })
    const one = first.runtime.startRun({ input: 'remember' })
    await waitForRun(first.runtime, one, 'awaitingConfirmation')
    await first.runtime.submitConfirmation(one, pendingId(first.runtime, one), 'deny', {
      remember: 'always',
    })
    await waitForRun(first.runtime, one, 'awaitingInput')
    await first.runtime.flush()
    const second = await boot([call('write_memory', { text: 'y' }), { text: 'ok' }], {
      prefix: 'b',
    })
    await second.runtime.restore()
    const two = second.runtime.startRun({ input: 'remember again' })
    await waitForRun(second.runtime, two, 'awaitingInput')
    expect(eventsOf(second.runtime, two, 'confirmationResolved')[0]).toMatchObject({
      decision: 'deny',
      decidedBy: 'policy',
    })
    expect(eventsOf(second.runtime, two, 'toolFailed')[0]?.error?.code).toBe('user_denied')
    expect(await ws.readMemory()).toEqual([])
  })
})
