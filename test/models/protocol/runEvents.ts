import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'

/**
 * For each `assistantMessage` of a run, the text its turn streamed before it as `assistantDelta`s
 * (joined), and the message's own text.
 */
export function streamedTurns(
  events: readonly AgentEvent[],
): Array<{ streamed: string; final: string }> {
  const turns: Array<{ streamed: string; final: string }> = []
  let pieces: string[] = []
  for (const event of events) {
    if (event.kind === 'statusChanged' && event.status === 'thinking') pieces = []
    if (event.kind === 'assistantDelta') pieces.push(event.text ?? '')
    if (event.kind === 'assistantMessage') {
      turns.push({ streamed: pieces.join(''), final: event.text ?? '' })
      pieces = []
    }
  }
  return turns
}
