import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { RunStore } from '../../../store/RunStore.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { sequentialIds, tempWorkspace } from '../../helpers/tempWorkspace.ts'

let ws: Workspace
let dir: string
let dispose: () => Promise<void>
const runtimes: AgentRuntime[] = []
beforeEach(async () => ({ ws, dir, dispose } = await tempWorkspace()))
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close()
  await dispose()
})

function gate(): { open: () => void; opened: Promise<void> } {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

function runtimeOver(store: RunStore, prefix: string): AgentRuntime {
  const runtime = createAgentRuntime({
    model: new ScriptedModel((request) =>
      request.messages.at(-1)?.role === 'tool'
        ? { text: 'done' }
        : {
            toolCalls: [
              { id: 'c-1', name: 'create_task', arguments: JSON.stringify({ title: 'Once' }) },
            ],
          },
    ),
    tools: createToolRegistry(),
    workspace: ws,
    store,
    generateId: sequentialIds(prefix),
  })
  runtimes.push(runtime)
  return runtime
}

describe('a run being started while another runtime restores the same folder', () => {
  // Two runtimes (two owners) on one folder, as the web app and the chat are. The store's own
  // steps are paused at the points where a busy machine may switch between them: the new run's
  // folder exists but its claim has not been taken yet, and the restoring side has claimed it.
  it('the restoring runtime never takes a run whose starter is alive: the card runs once', async () => {
    const starting = gate()
    const letStarterClaim = gate()
    const restorerClaimed = gate()
    const letRestorerLoad = gate()
    const starterStore = sqliteRunStore(dir)
    const restorerStore = sqliteRunStore(dir)
    const starter = runtimeOver(
      {
        ...starterStore,
        async claim(runId) {
          // What `claim` does first: the run's folder, then the claim under its lock.
          await mkdir(join(dir, 'runs', runId), { recursive: true })
          starting.open()
          await letStarterClaim.opened
          return starterStore.claim(runId)
        },
        // A new run's claim lands with its first save: paused the same way, before that save.
        async claimNew(runId) {
          starting.open()
          await letStarterClaim.opened
          return (await starterStore.claimNew?.(runId)) ?? starterStore.claim(runId)
        },
      },
      'a',
    )
    const restorer = runtimeOver(
      {
        ...restorerStore,
        async loadRun(runId) {
          restorerClaimed.open()
          await letRestorerLoad.opened
          return restorerStore.loadRun(runId)
        },
      },
      'b',
    )
    await starter.restore()

    const runId = starter.startRun({ input: 'make a task' })
    await starting.opened
    const restoring = restorer.restore()
    // Either the restorer claims the fresh folder now, or (correctly) it passes it by.
    await Promise.race([restorerClaimed.opened, restoring])
    letStarterClaim.open()
    await waitForRun(starter, runId, 'awaitingConfirmation')
    await starter.flush()
    letRestorerLoad.open()
    expect(await restoring).toEqual([])

    // A second look, with the card saved: the run is seen, owned by the live starter.
    expect(await restorer.restore()).toEqual([])
    const cardId = starter.view(runId).pending?.confirmationId ?? ''
    expect(restorer.view(runId).pending?.confirmationId).toBe(cardId)
    // The restorer's allow is relayed to the live starter (the run's owner), which runs it once;
    // the starter's own allow of the same card then finds it used.
    await restorer.submitConfirmation(runId, cardId, 'allow')
    await waitForRun(starter, runId, 'awaitingInput')
    await expect(starter.submitConfirmation(runId, cardId, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    await starter.flush()
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Once'])
    const journal = await restorerStore.readJournal(runId)
    expect(journal.filter((r) => r.type === 'intent')).toHaveLength(1)
  })
})
