import { afterEach, expect, test } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import type { Identity } from '../../../vocabulary/Identity.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { registryWithExecuteTool } from '../../helpers/testTools.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

// Commands need a reviewer, two of them, never the run's own person alone.
const rules: ApprovalRules = {
  version: 1,
  rules: [
    {
      levels: ['execute'],
      approvers: { groups: ['reviewers'] },
      fourEyes: true,
      quorum: 2,
    },
  ],
}
const alice = { id: 'alice', name: 'Alice', groups: ['students'] }
const bob = { id: 'bob', name: 'Bob', groups: ['students'] }
const rita = { id: 'rita', name: 'Rita', groups: ['reviewers'] }
const rex = { id: 'rex', name: 'Rex', groups: ['reviewers'] }

// Asks to run the user's text as a command; a result ends the turn.
const commandModel = () =>
  new ScriptedModel((request) => {
    const last = request.messages.at(-1)
    if (last?.role === 'tool') return { text: 'ran it' }
    return {
      toolCalls: [
        {
          id: `cmd-${request.messages.length}`,
          name: 'run_command',
          arguments: '{"command":"ls"}',
        },
      ],
    }
  })

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

async function twoNodes(options: { rulesOnB?: boolean } = {}) {
  const { url } = await freshDatabase()
  const errors: unknown[] = []
  const a = await startNode(url, {
    ownerId: `a-${Math.random()}`,
    model: commandModel(),
    tools: registryWithExecuteTool().tools,
    approvalRules: rules,
    onPersistError: (error) => errors.push(error),
  })
  const b = await startNode(url, {
    ownerId: `b-${Math.random()}`,
    model: commandModel(),
    tools: registryWithExecuteTool().tools,
    ...(options.rulesOnB !== false && { approvalRules: rules }),
  })
  nodes.push(a, b)
  return { a, b, errors }
}

// Alice's run on node A, waiting on its command card, known to node B.
async function alicesCard(a: TestNode, b: TestNode) {
  const runId = a.runtime.startRun({ input: 'list my files', by: alice })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  await b.runtime.open(runId)
  const pending = a.runtime.view(runId).pending
  if (pending === undefined) throw new Error('no card')
  return { runId, confirmationId: pending.confirmationId }
}

const decide = (runtime: AgentRuntime, runId: string, confirmationId: string, by: Identity) =>
  runtime.command(runId, { kind: 'decide', confirmationId, decision: 'allow', by })

// Resolves once the run logged an event `match` accepts.
function logged(runtime: AgentRuntime, runId: string, match: (e: AgentEvent) => boolean) {
  return new Promise<AgentEvent>((resolve) => {
    const look = () => runtime.view(runId).events.find(match)
    const found = look()
    if (found !== undefined) return resolve(found)
    const stop = runtime.subscribe(runId, () => {
      const event = look()
      if (event === undefined) return
      stop()
      resolve(event)
    })
  })
}

test('a quorum of two reviewers across two nodes: refused people change nothing, one person counts once, the second approval runs the call', async () => {
  const { a, b } = await twoNodes()
  const { runId, confirmationId } = await alicesCard(a, b)
  expect(a.runtime.view(runId).startedBy).toEqual({ id: 'alice', name: 'Alice' })
  expect(b.runtime.view(runId).startedBy).toEqual({ id: 'alice', name: 'Alice' })

  // Bob is no reviewer: refused on node B from what B knows of the run, and nothing is stored.
  await expect(decide(b.runtime, runId, confirmationId, bob)).rejects.toMatchObject({
    code: 'approver_not_allowed',
  })
  // Alice's own approval: she is no reviewer either.
  await expect(decide(a.runtime, runId, confirmationId, alice)).rejects.toMatchObject({
    code: 'approver_not_allowed',
  })

  // Rita's approval on node B counts: the card stays open on node A, one approval richer.
  await decide(b.runtime, runId, confirmationId, rita)
  const approved = await logged(a.runtime, runId, (e) => e.kind === 'confirmationApproved')
  expect(approved).toMatchObject({
    confirmationId,
    decider: { id: 'rita', name: 'Rita' },
    approvals: [{ id: 'rita', name: 'Rita' }],
    approvalsNeeded: 1,
  })
  expect(a.runtime.view(runId).value).toBe('awaitingConfirmation')
  expect(a.runtime.view(runId).pending?.approvals).toEqual([{ id: 'rita', name: 'Rita' }])

  // Rita again, on either node: the same person twice does not count.
  await a.runtime.flush()
  await expect(decide(a.runtime, runId, confirmationId, rita)).rejects.toMatchObject({
    code: 'approver_not_allowed',
  })

  // Rex completes the quorum on node A; the command runs once.
  await decide(a.runtime, runId, confirmationId, rex)
  await waitForRun(a.runtime, runId, 'awaitingInput')
  await a.runtime.flush()
  const resolved = a.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved')
  expect(resolved).toMatchObject({
    decision: 'allow',
    decider: { id: 'rex', name: 'Rex' },
    approvals: [
      { id: 'rita', name: 'Rita' },
      { id: 'rex', name: 'Rex' },
    ],
  })
  const audit = await a.store.readAudit()
  expect(audit).toHaveLength(1)
  expect(audit[0]).toMatchObject({
    outcome: 'completed',
    decider: { id: 'rex', name: 'Rex' },
    approvals: [{ id: 'rita' }, { id: 'rex' }],
    startedBy: { id: 'alice', name: 'Alice' },
  })
  const journal = await a.store.readJournal(runId)
  expect(journal.filter((r) => r.type === 'intent')).toHaveLength(1)
})

test('a decision the owner’s rules refuse is released: the card stays open for someone they allow', async () => {
  // Node B was started without the rules: its check lets Bob's approval into the store.
  const { a, b, errors } = await twoNodes({ rulesOnB: false })
  const { runId, confirmationId } = await alicesCard(a, b)
  await decide(b.runtime, runId, confirmationId, bob)
  // Node A's guard refuses it and says so; the store's card is open again.
  await expect
    .poll(() => errors.map((e) => (e as { code?: string }).code))
    .toContain('approver_not_allowed')
  expect(a.runtime.view(runId).value).toBe('awaitingConfirmation')
  expect(a.runtime.view(runId).events.some((e) => e.kind === 'confirmationApproved')).toBe(false)
  await decide(b.runtime, runId, confirmationId, rita)
  await logged(a.runtime, runId, (e) => e.kind === 'confirmationApproved')
  // The card takes the next person's decision once the commit that logs the approval lands.
  await a.runtime.flush()
  await decide(b.runtime, runId, confirmationId, rex)
  await waitForRun(a.runtime, runId, 'awaitingInput')
})
