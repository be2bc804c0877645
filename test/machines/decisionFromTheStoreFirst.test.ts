import { expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { singleNode } from '../../runtime/singleNode.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { RunCluster, StoredDecision } from '../../store/RunCluster.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'

// A shared store tells its nodes about decisions it took. Here the notice reaches the run's owner
// before the deciding call returns (the owner is the node that decided): the run applies the
// stored decision first, and the decider's own send then finds the card closed. The decision
// still took, and its caller must hear so.
it("a decision the store took is reported as taken when the store's notice reached the run first", async () => {
  const stored: StoredDecision[] = []
  const listeners: ((runId: string) => void)[] = []
  // Resolved when the run logs the card's resolution: the store's copy has been applied.
  let appliedByStore = () => {}
  const applied = new Promise<void>((resolve) => {
    appliedByStore = resolve
  })
  const base = singleNode(undefined, () => true, 'node-a')
  const cluster: RunCluster = {
    ...base,
    async offerDecision(runId, offer) {
      stored.push({
        runId,
        confirmationId: offer.confirmationId,
        digest: offer.digest ?? '',
        decision: offer.decision,
        decidedBy: offer.decidedBy,
        decidedAt: new Date().toISOString(),
      })
      for (const listener of listeners) listener(runId)
      // The owner's notice handler runs to the end before the compare-and-set answers.
      await applied
      return { ok: true }
    },
    async decidedUnresolved(runId) {
      const found = stored.filter((d) => d.runId === runId)
      stored.length = 0
      return found
    },
    onDecision(listener) {
      listeners.push(listener)
      return () => {}
    },
  }
  const store = Object.assign(memoryRunStore(), { cluster })
  const runtime = createAgentRuntime({
    model: new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Revise"}' }] },
      { text: 'Done' },
    ]),
    tools: createCoreToolRegistry(),
    workspace: new MemoryWorkspace(),
    store,
  })
  const runId = runtime.startRun({ input: 'add a task' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const { pending } = runtime.view(runId)
  runtime.subscribe(runId, (event) => {
    if (event?.kind === 'confirmationResolved') appliedByStore()
  })

  await runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'allow', {
    digest: pending?.digest,
  })

  // The store's copy went in first: one resolution, the allow, and the call ran once.
  const resolved = runtime.view(runId).events.filter((e) => e.kind === 'confirmationResolved')
  expect(resolved.map((e) => e.decision)).toEqual(['allow'])
  await waitForRun(runtime, runId, 'awaitingInput')
  expect(runtime.view(runId).events.filter((e) => e.kind === 'toolCompleted')).toHaveLength(1)
  await runtime.close()
})
