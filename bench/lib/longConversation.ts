import { rm } from 'node:fs/promises'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { diskFolder } from '../contenders/durable.ts'
import { check } from './check.ts'
import { measuredStore } from './measuredStore.ts'
import { median } from './stats.ts'

/** What one turn of the conversation cost: its saves, and the time until they were on disk. */
export interface TurnCost {
  /** Wall time of every `commit` the turn made, summed. */
  saveMs: number
  /** Bytes those commits wrote (snapshot JSON plus log lines). */
  bytes: number
  commits: number
  /** From the turn's `awaitingInput` until `runtime.flush()` resolved. */
  flushWaitMs: number
  /** From sending the input until the turn was saved. */
  turnMs: number
}

// Every answer is `deltas` pieces of this text: about 10 KB per answer.
const piece = 'word '
const answerText = (turn: number, deltas: number) => `${turn}: ${piece.repeat(deltas - 1)}end.`
const userText = (turn: number) => `Question ${turn}: explain the next part, please.`

/** A scripted model that streams each answer as `deltas` text deltas before returning it. */
function streamingModel(deltas: number): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ModelTurn => {
    const turn = request.messages.filter((m) => m.role === 'user').length
    const text = answerText(turn, deltas)
    const first = `${turn}: `
    request.onTextDelta?.(first)
    for (let i = 1; i < deltas - 1; i++) request.onTextDelta?.(piece)
    request.onTextDelta?.(`${piece}end.`)
    return { text }
  })
}

/**
 * A long conversation in a real workspace folder: `turns` user messages, each answered by a
 * model that streams `deltas` deltas. Every commit is timed and sized through a wrapped
 * `sqliteRunStore` (the folder default); the checks prove the deltas reach listeners live and never reach the log.
 */
export async function longConversation({ turns, deltas }: { turns: number; deltas: number }) {
  // On a real disk: a save's time is what this measures.
  const dir = await diskFolder('studypulse-bench-long-')
  try {
    const workspace = await Workspace.create(dir)
    const { store, commits } = measuredStore(sqliteRunStore(dir))
    const model = streamingModel(deltas)
    const runtime = createAgentRuntime({ model, tools: createToolRegistry(), workspace, store })
    const costs: TurnCost[] = []
    // The saved snapshot's size as stored (its JSON text), whatever the store.
    const snapshotBytes = async (runId: string) =>
      Buffer.byteLength(JSON.stringify(await store.peekRun(runId)))
    const messagesBytes = (runId: string) =>
      Buffer.byteLength(JSON.stringify(runtime.view(runId).messages))
    let runId = ''
    let streamed = 0
    // The runtime's listener, from before the start (the first model call may stream inside
    // `startRun`); the conversation is the runtime's only run.
    const unsubscribe = runtime.subscribe((event: AgentEvent) => {
      if (event.kind === 'assistantDelta') streamed++
    })
    const bounds: { turn: number; snapshotBytes: number; messagesBytes: number }[] = []
    for (let turn = 1; turn <= turns; turn++) {
      const before = commits.length
      streamed = 0
      const t0 = performance.now()
      if (turn === 1) runId = runtime.startRun({ input: userText(1) })
      else runtime.sendInput(runId, userText(turn))
      await waitForRun(runtime, runId, 'awaitingInput', { timeoutMs: 60_000 })
      const t1 = performance.now()
      await runtime.flush()
      const t2 = performance.now()
      model.requests.length = 0
      check(streamed === deltas, `turn ${turn}: ${streamed} deltas delivered, not ${deltas}`)
      const mine = commits.slice(before)
      costs.push({
        saveMs: mine.reduce((s, c) => s + c.ms, 0),
        bytes: mine.reduce((s, c) => s + c.bytes, 0),
        commits: mine.length,
        flushWaitMs: t2 - t1,
        turnMs: t2 - t0,
      })
      if (turn === 1 || turn === turns) {
        bounds.push({
          turn,
          snapshotBytes: await snapshotBytes(runId),
          messagesBytes: messagesBytes(runId),
        })
      }
    }
    unsubscribe()
    const logged = await store.readEvents(runId)
    check(
      logged.every((e) => e.kind !== 'assistantDelta'),
      'the stored log holds streamed deltas',
    )
    const answers = logged.filter((e) => e.kind === 'assistantMessage')
    check(answers.length === turns, `${answers.length} answers logged, not ${turns}`)
    check(
      answers.every((e, i) => e.text === answerText(i + 1, deltas)),
      'an answer was logged wrong',
    )
    // The log's size as JSON lines, one event a line.
    const eventsBytes = Buffer.byteLength(logged.map((e) => `${JSON.stringify(e)}\n`).join(''))
    await runtime.close()
    const first = costs[0] as TurnCost
    const last = costs.at(-1) as TurnCost
    const firstBound = bounds[0] as (typeof bounds)[number]
    const lastBound = bounds.at(-1) as (typeof bounds)[number]
    const early = costs.slice(0, 5)
    const late = costs.slice(-5)
    return {
      turns,
      deltas,
      firstSaveMs: first.saveMs,
      lastSaveMs: last.saveMs,
      firstBytes: first.bytes,
      lastBytes: last.bytes,
      firstCommits: first.commits,
      lastCommits: last.commits,
      firstFlushWaitMs: first.flushWaitMs,
      lastFlushWaitMs: last.flushWaitMs,
      firstTurnMs: first.turnMs,
      lastTurnMs: last.turnMs,
      // Medians of the first and last five turns: the same comparison, less exposed to one slow fsync.
      earlySaveMs: median(early.map((c) => c.saveMs)),
      lateSaveMs: median(late.map((c) => c.saveMs)),
      firstSnapshotBytes: firstBound.snapshotBytes,
      lastSnapshotBytes: lastBound.snapshotBytes,
      firstMessagesBytes: firstBound.messagesBytes,
      lastMessagesBytes: lastBound.messagesBytes,
      eventsLogBytes: eventsBytes,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
