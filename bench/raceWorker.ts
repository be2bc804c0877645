/**
 * One of the two processes of the race scenario (`lib/race.ts` drives it): a runtime over the
 * shared workspace folder with the default store (the folder's SQLite file). Commands come as JSON lines on stdin,
 * replies go as JSON lines on stdout.
 *
 *   raceWorker.ts <workspace dir> <role 0|1> <cards>
 */
import { createInterface } from 'node:readline'
import type { ModelRequest } from '../models/messages.ts'
import { ScriptedModel } from '../models/ScriptedModel.ts'
import { AgentError } from '../runtime/AgentError.ts'
import { createNodeAgentRuntime } from '../runtime/createNodeAgentRuntime.ts'
import { waitForRun } from '../runtime/waitForRun.ts'
import { createToolRegistry } from '../tools/createToolRegistry.ts'
import type { ModelTurn } from '../vocabulary/ChatMessage.ts'
import { Workspace } from '../workspace/Workspace.ts'
import { cardTitle } from './lib/raceCards.ts'

const [dir = '', roleText = '0', cardsText = '0'] = process.argv.slice(2)
const role = Number(roleText)
const cards = Number(cardsText)
const waitMs = 180_000

// The card's number is in the user's message; the model proposes a task titled after it.
const script = (request: ModelRequest): ModelTurn => {
  const last = request.messages.at(-1)
  if (last?.role === 'tool') return { text: 'Done.' }
  const card = Number(/card (\d+)/.exec(last?.content ?? '')?.[1])
  const args = JSON.stringify({ title: cardTitle(card) })
  return { toolCalls: [{ id: `call_${card}`, name: 'create_task', arguments: args }] }
}

const reply = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`)
const workspace = await Workspace.open(dir)
const runtime = createNodeAgentRuntime({
  model: new ScriptedModel(script),
  tools: createToolRegistry(),
  workspace,
  onPersistError: (error) => reply({ type: 'persistError', message: String(error) }),
})
const allowed: string[] = []
const codes: Record<string, number> = {}
const count = (code: string) => {
  codes[code] = (codes[code] ?? 0) + 1
}

/** Tries to allow the card of every run in `runIds`, owned here or not; counts what happened. */
async function allowAll(runIds: readonly string[]): Promise<number> {
  let took = 0
  for (const [i, runId] of runIds.entries()) {
    // Let executions and saves go on meanwhile, as a user clicking through cards would.
    if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve))
    try {
      const pending = runtime.view(runId).pending
      if (pending === undefined) {
        count('no_card')
        continue
      }
      await runtime.submitConfirmation(runId, pending.confirmationId, 'allow')
      allowed.push(runId)
      took++
    } catch (error) {
      count(error instanceof AgentError ? error.code : `error: ${String(error)}`)
    }
  }
  return took
}

async function settle(runIds: readonly string[]): Promise<void> {
  await Promise.all(
    runIds.map((id) => waitForRun(runtime, id, 'awaitingInput', { timeoutMs: waitMs })),
  )
  await runtime.flush()
}

const handlers: Record<string, (command: { runIds?: string[] }) => Promise<object>> = {
  async go({ runIds = [] }) {
    const t0 = performance.now()
    // Sees the other process's runs: owned elsewhere, so none comes back; deciding one relays
    // the decision to its owner.
    const restored = await runtime.restore()
    const took = await allowAll(runIds)
    // Every card is allowed by one process or the other (the other's reach this one through the
    // folder's decision relay): each run held here gets its decision and runs.
    await settle(mine)
    return {
      type: 'done',
      restored: restored.length,
      allowed: took,
      codes,
      ms: performance.now() - t0,
    }
  },
  async takeover() {
    // The other process has closed: its runs are free, and none may still hold a card.
    const restored = await runtime.restore()
    const before = allowed.length
    const took = await allowAll(restored)
    await settle(allowed.slice(before))
    return { type: 'tookOver', restored: restored.length, allowed: took }
  },
  async close() {
    await runtime.close()
    return { type: 'closed' }
  },
}

const t0 = performance.now()
const mine: string[] = []
for (let card = role; card < cards; card += 2) {
  mine.push(runtime.startRun({ input: `Add a task for card ${card}` }))
}
await Promise.all(
  mine.map((id) => waitForRun(runtime, id, 'awaitingConfirmation', { timeoutMs: waitMs })),
)
await runtime.flush()
reply({ type: 'ready', runIds: mine, ms: performance.now() - t0 })

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { type: string; runIds?: string[] }
  const handler = handlers[command.type]
  if (handler === undefined) throw new Error(`unknown command ${command.type}`)
  reply(await handler(command))
  if (command.type === 'close') break
}
