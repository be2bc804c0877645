/**
 * Several requests in one message, planned one after another: each request runs its own steps
 * (its calls, their results, its answer) on the part of the turn after the one before it ended,
 * and the answers are joined. Each step is worked out again from the conversation, so the
 * sequence needs no state of its own.
 */

import type { ChatMessage, ModelTurn } from '../../vocabulary/ChatMessage.ts'

/** Plans one request on a slice of the turn: the messages so far and those since it began. */
export type PlanOne = (
  text: string,
  messages: readonly ChatMessage[],
  sinceStart: readonly ChatMessage[],
  nextId: () => string,
) => Promise<ModelTurn>

const probeId = () => 'probe'

/** The next step of a sequence of requests: the current request's calls, or every answer joined. */
export async function planSequence(
  parts: readonly string[],
  before: readonly ChatMessage[],
  sinceUser: readonly ChatMessage[],
  nextId: () => string,
  planOne: PlanOne,
): Promise<ModelTurn> {
  const answers: string[] = []
  // What later requests see: each earlier one's calls and results, then its answer ("mark it done"
  // after "tell me my most important task" points at the task that answer named).
  const history: ChatMessage[] = [...before]
  let start = 0
  for (const part of parts) {
    let ended = false
    for (let k = start; k <= sinceUser.length && !ended; k += 1) {
      // A step starts only once every result of the step before it is in.
      if (k < sinceUser.length && sinceUser[k]?.role === 'tool') continue
      if (k > start && sinceUser[k - 1]?.role !== 'tool') continue
      const now = k === sinceUser.length
      const seen = [...history, ...sinceUser.slice(start, k)]
      const turn = await planOne(part, seen, sinceUser.slice(start, k), now ? nextId : probeId)
      if (turn.toolCalls !== undefined && turn.toolCalls.length > 0) {
        if (now) return turn
        continue
      }
      answers.push(turn.text ?? '')
      history.push(...sinceUser.slice(start, k), { role: 'assistant', content: turn.text ?? '' })
      start = k
      ended = true
    }
    if (!ended) break
  }
  return { text: answers.filter((a) => a !== '').join('\n') }
}
