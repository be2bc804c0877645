import { expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { singleNode } from '../../runtime/singleNode.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { RunCluster } from '../../store/RunCluster.ts'
import type { StoredRunCommand } from '../../store/RunCommand.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'

// A shared store tells the run's owner about every command it takes, the owner's own edits too.
// Here the notice is handled (the owner's pass applies the edit) before the store's answer reaches
// the edit's caller: the caller must get the edit's outcome, not a refusal of a second apply.
it("an edit the store's notice applied first is the caller's edit: one new card, and the caller is told its id", async () => {
  const stored: StoredRunCommand[] = []
  const listeners: ((runId: string) => void)[] = []
  let passDone = () => {}
  const applied = new Promise<void>((resolve) => {
    passDone = resolve
  })
  const cluster: RunCluster = {
    ...singleNode(undefined, () => true, 'node-a'),
    async offerCommand(runId, command) {
      const id = String(stored.length + 1)
      stored.push({ id, runId, command, offeredAt: new Date().toISOString() })
      for (const listener of listeners) listener(runId)
      // The owner's pass of its commands ends before the store answers the offer.
      await applied
      return { ok: true, id }
    },
    pendingCommands: async (runId) => stored.filter((c) => c.runId === runId),
    onCommand(listener) {
      listeners.push(listener)
      return () => {}
    },
  }
  const runtime = createAgentRuntime({
    model: new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'create_task', arguments: '{"title":"Revise"}' }] },
      { text: 'Done' },
    ]),
    tools: createCoreToolRegistry(),
    workspace: new MemoryWorkspace(),
    store: Object.assign(memoryRunStore(), { cluster }),
  })
  const runId = runtime.startRun({ input: 'add a task' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const first = runtime.view(runId).pending?.confirmationId
  runtime.subscribe(runId, (event) => {
    if (event?.kind === 'confirmationRequired') passDone()
  })

  const result = await runtime.command(runId, {
    kind: 'edit',
    confirmationId: first ?? '',
    args: { title: 'Revise chapter 2' },
  })

  const cards = runtime.view(runId).events.filter((e) => e.kind === 'confirmationRequired')
  expect(cards).toHaveLength(2)
  expect(result).toEqual({ applied: true, confirmationId: cards[1]?.confirmationId })
  expect(runtime.view(runId).pending?.confirmationId).toBe(cards[1]?.confirmationId)
  await runtime.close()
})
