import { Worker } from 'node:worker_threads'
import { ModelError } from '../models/ModelError.ts'
import type { ModelClient, ModelRequest, ModelToolDefinition } from '../models/messages.ts'
import { OfflinePlanner } from '../models/offline/OfflinePlanner.ts'
import type { ChatMessage, ModelTurn } from '../vocabulary/ChatMessage.ts'

/** One turn the planner's thread is asked to plan (what crosses the thread, as plain data). */
export interface PlannerTurnAsk {
  id: number
  messages: readonly ChatMessage[]
  tools: readonly ModelToolDefinition[]
  /** The planner's "now", epoch ms: the main thread's clock. */
  now: number
}

type PlannerTurnAnswer = { id: number; turn: ModelTurn } | { id: number; error: string }

/**
 * The model the server uses: the offline planner moved to a worker thread, so one person's long
 * turn never stalls the event loop that serves everyone else; any other model as it is (its work
 * is a network call already).
 */
export function serverModel(model: ModelClient): ModelClient {
  return model instanceof OfflinePlanner ? offThreadPlanner() : model
}

/**
 * The offline planner on a worker thread (started at the first turn, and again after a failure;
 * it keeps no process alive). Answers are the planner's own; an aborted call is refused at once
 * (`model_aborted`) and its late answer dropped.
 */
export function offThreadPlanner(
  options: { clock?: () => Date } = {},
): ModelClient & { close(): Promise<void> } {
  const clock = options.clock ?? (() => new Date())
  const waiting = new Map<number, { resolve(turn: ModelTurn): void; reject(e: Error): void }>()
  let worker: Worker | undefined
  let nextId = 0
  const failAll = (message: string) => {
    for (const { reject } of waiting.values())
      reject(new ModelError('model_unavailable', `offline-planner: ${message}`))
    waiting.clear()
  }
  const started = (): Worker => {
    if (worker !== undefined) return worker
    const made = new Worker(new URL('./plannerWorkerEntry.mjs', import.meta.url), { execArgv: [] })
    made.unref()
    made.on('message', (answer: PlannerTurnAnswer) => {
      const asked = waiting.get(answer.id)
      waiting.delete(answer.id)
      if (asked === undefined) return
      if ('turn' in answer) asked.resolve(answer.turn)
      else asked.reject(new ModelError('model_error', `offline-planner: ${answer.error}`))
    })
    made.on('error', (error) => failAll(`its thread failed: ${error.message}`))
    made.on('exit', () => {
      if (worker === made) worker = undefined
      failAll('its thread stopped')
    })
    worker = made
    return made
  }
  return {
    name: 'offline-planner',
    complete(request: ModelRequest): Promise<ModelTurn> {
      const aborted = () =>
        new ModelError('model_aborted', 'offline-planner: the model call was aborted.')
      if (request.signal.aborted) return Promise.reject(aborted())
      const id = ++nextId
      return new Promise<ModelTurn>((resolve, reject) => {
        const onAbort = () => {
          waiting.delete(id)
          reject(aborted())
        }
        request.signal.addEventListener('abort', onAbort, { once: true })
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            request.signal.removeEventListener('abort', onAbort)
            fn(value)
          }
        waiting.set(id, { resolve: settle(resolve), reject: settle(reject) })
        const ask: PlannerTurnAsk = {
          id,
          messages: request.messages,
          tools: request.tools,
          now: clock().getTime(),
        }
        started().postMessage(ask)
      })
    },
    async close() {
      const running = worker
      worker = undefined
      await running?.terminate()
    },
  }
}
