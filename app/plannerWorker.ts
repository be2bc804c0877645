// The offline planner on a worker thread (see `offThreadPlanner.ts`): each message is one turn to
// plan, answered with its id. The planner is pure over the conversation, the tools and the time,
// so nothing else crosses the thread.
import { parentPort } from 'node:worker_threads'
import { OfflinePlanner } from '../models/offline/OfflinePlanner.ts'
import type { PlannerTurnAsk } from './offThreadPlanner.ts'

const port = parentPort
if (port === null) throw new Error('plannerWorker.ts runs as a worker thread')
port.on('message', async (ask: PlannerTurnAsk) => {
  const planner = new OfflinePlanner({ clock: () => new Date(ask.now) })
  try {
    const turn = await planner.complete({
      messages: ask.messages,
      tools: ask.tools,
      signal: new AbortController().signal,
    })
    port.postMessage({ id: ask.id, turn })
  } catch (error) {
    port.postMessage({ id: ask.id, error: error instanceof Error ? error.message : String(error) })
  }
})
