import type { ChatMessage, ModelTurn } from '../vocabulary/ChatMessage.ts'
import { ModelError } from './ModelError.ts'
import type { ModelClient, ModelRequest } from './messages.ts'

/** A scripted step computed from the request it answers; may be async. */
export type ScriptFunction = (request: ModelRequest) => ModelTurn | Promise<ModelTurn>

/** One step of a script: a fixed turn, or a function of the request that produces the turn. */
export type ScriptEntry = ModelTurn | ScriptFunction

/** A model that plays back a script, one entry per call; for tests and demos. */
export class ScriptedModel implements ModelClient {
  readonly name: string
  /** Every request received, in order, with its messages copied as they were at call time. */
  readonly requests: ModelRequest[] = []
  readonly #script: readonly ScriptEntry[] | ScriptFunction
  #next = 0

  constructor(script: ScriptEntry[] | ScriptFunction, options: { name?: string } = {}) {
    // Copy the list so a caller pushing to its array later cannot change what we play back.
    this.#script = typeof script === 'function' ? script : [...script]
    this.name = options.name ?? 'scripted'
  }

  /** Answers with the next script entry; rejects with `model_script_exhausted` or `model_aborted`. */
  async complete(request: ModelRequest): Promise<ModelTurn> {
    this.requests.push({
      ...request,
      messages: request.messages.map(copyMessage),
      tools: [...request.tools],
    })
    if (request.signal.aborted) throw aborted(this.name)
    const entry = this.#take()
    if (typeof entry !== 'function') return entry
    return await untilAborted(entry, request, this.name)
  }

  #take(): ScriptEntry {
    if (typeof this.#script === 'function') return this.#script
    const entry = this.#script[this.#next]
    if (entry === undefined) {
      throw new ModelError(
        'model_script_exhausted',
        `${this.name}: the script has no entry left for call ${this.#next + 1} (it had ${this.#script.length}).`,
      )
    }
    this.#next += 1
    return entry
  }
}

function copyMessage(message: ChatMessage): ChatMessage {
  if (message.role === 'assistant' && message.toolCalls) {
    return { ...message, toolCalls: message.toolCalls.map((call) => ({ ...call })) }
  }
  return { ...message }
}

function aborted(name: string): ModelError {
  return new ModelError('model_aborted', `${name}: the model call was aborted.`)
}

function untilAborted(
  entry: ScriptFunction,
  request: ModelRequest,
  name: string,
): Promise<ModelTurn> {
  const { signal } = request
  return new Promise<ModelTurn>((resolve, reject) => {
    const onAbort = () => reject(aborted(name))
    signal.addEventListener('abort', onAbort, { once: true })
    // The executor turns a synchronous throw from the entry into a rejection.
    new Promise<ModelTurn>((resolveEntry) => resolveEntry(entry(request))).then(
      (turn) => {
        signal.removeEventListener('abort', onAbort)
        resolve(turn)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
