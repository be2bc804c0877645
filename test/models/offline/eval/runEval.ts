/** Plays an evaluation case end to end: a fresh sample workspace, the real runtime, tools and planner, every card allowed. */

import { OfflinePlanner } from '../../../../models/offline/OfflinePlanner.ts'
import { createAgentRuntime } from '../../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../../../tools/createToolRegistry.ts'
import type { ChatMessage } from '../../../../vocabulary/ChatMessage.ts'
import { MemoryWorkspace } from '../../../../workspace/MemoryWorkspace.ts'
import type { Artifact, MemoryEntry, Task } from '../../../../workspace/schemas.ts'
import { checkCase } from './checkCase.ts'
import type { EvalCase } from './evalCase.ts'

// Local time, so relative dates hold in every time zone: Tuesday 1 December 2026, 10:00.
/** The evaluation's fixed clock. */
export const evalClock = () => new Date(2026, 11, 1, 10, 0, 0)

const at = '2026-11-25T09:00:00.000Z'

/**
 * The Biology 101 sample plus a student's week: an essay, a reading and an errand. `week` adds a
 * “Mitochondria” note, two memories and two tasks already done (the second held-out set's workspace).
 */
export async function evalWorkspace(
  variant?: 'week',
): Promise<{ ws: MemoryWorkspace; notebookId: string }> {
  let n = 0
  const ws = await MemoryWorkspace.withSamples({ clock: evalClock, generateId: () => `s${++n}` })
  const task = (id: string, title: string, extra: object = {}) =>
    ws.upsertTask({ id, title, done: false, createdAt: at, updatedAt: at, ...extra })
  await task('essay', 'Essay on photosynthesis', { due: '2026-12-08', importance: 4 })
  await task('ch5', 'Read chapter 5', { due: '2026-12-03' })
  await task('calc', 'Buy a calculator')
  await ws.saveArtifact('Exam plan', 'Revise respiration first\nThen photosynthesis')
  if (variant === 'week') {
    await ws.saveArtifact(
      'Mitochondria',
      'Powerhouse of the cell\nInner membrane folds are cristae',
    )
    await ws.appendMemory('My exam is on 15 December')
    await ws.appendMemory('I study best in the morning')
    await task('books', 'Return library books', { done: true, due: '2026-11-30' })
    await task('slides', 'Print lecture slides', { done: true })
  }
  const [notebook] = await ws.readNotebooks()
  if (notebook === undefined) throw new Error('the sample has no notebook')
  return { ws, notebookId: notebook.id }
}

/** What the workspace holds at one moment. */
export interface Snapshot {
  tasks: Task[]
  memory: MemoryEntry[]
  notes: Artifact[]
}

async function snapshot(ws: MemoryWorkspace): Promise<Snapshot> {
  return {
    tasks: await ws.readTasks(),
    memory: await ws.readMemory(),
    notes: await ws.listArtifacts(),
  }
}

/** What came of a case: whether it passed, and why not. */
export interface EvalOutcome {
  ok: boolean
  problems: string[]
  answer: string
}

/** Runs one case on a fresh workspace and checks it. */
export async function runCase(c: EvalCase): Promise<EvalOutcome> {
  const { ws, notebookId } = await evalWorkspace(c.workspace)
  const before = await snapshot(ws)
  let ids = 0
  const runtime = createAgentRuntime({
    model: new OfflinePlanner({ clock: evalClock }),
    tools: createToolRegistry(),
    workspace: ws,
    clock: evalClock,
    generateId: () => `e${++ids}`,
  })
  try {
    const [first, ...rest] = c.say
    const runId = runtime.startRun({ input: first ?? '', notebookId })
    await settle(runtime, runId)
    for (const text of rest) {
      await runtime.command(runId, { kind: 'input', text })
      await settle(runtime, runId)
    }
    const messages = runtime.view(runId).messages
    const answer = answerAfterLastUser(messages)
    const problems = checkCase(c, before, await snapshot(ws), answer, calledTools(messages))
    return { ok: problems.length === 0, problems, answer }
  } catch (error) {
    return { ok: false, problems: [`the run broke: ${String(error)}`], answer: '' }
  } finally {
    await runtime.close()
  }
}

type Runtime = ReturnType<typeof createAgentRuntime>

// Allows every card until the run waits for the user again.
async function settle(runtime: Runtime, runId: string): Promise<void> {
  for (let cards = 0; cards < 12; cards += 1) {
    const status = await waitForRun(runtime, runId, ['awaitingInput', 'awaitingConfirmation'])
    if (status === 'awaitingInput') return
    const card = runtime.view(runId).pending
    if (card === undefined) throw new Error('waiting on a card that is not shown')
    await runtime.command(runId, {
      kind: 'decide',
      confirmationId: card.confirmationId,
      decision: 'allow',
      digest: card.digest,
    })
  }
  throw new Error('more than 12 cards for one message')
}

function answerAfterLastUser(messages: readonly ChatMessage[]): string {
  const last = messages.findLastIndex((m) => m.role === 'user')
  return messages
    .slice(last + 1)
    .flatMap((m) => (m.role === 'assistant' && m.content !== '' ? [m.content] : []))
    .join('\n')
}

function calledTools(messages: readonly ChatMessage[]): string[] {
  return messages.flatMap((m) =>
    m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.name) : [],
  )
}
