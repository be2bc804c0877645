import type { ModelClient, ModelRequest } from '../models/messages.ts'
import type { ModelTurn } from '../vocabulary/ChatMessage.ts'

/** A call another loop (the AI SDK's) proposed, as the first message of the run that holds its card. */
export interface ProposedCall {
  toolCallId: string
  toolName: string
  input: unknown
}

/** The run's first message for `call`: a line a person reads, then the call as JSON. */
export function proposalText(call: ProposedCall): string {
  return `Approve ${call.toolName}\n${JSON.stringify(call)}`
}

/**
 * The "model" of a run that only carries another loop's proposed call through StudyPulse's chart:
 * it proposes that call (prepare, describe, card, decision, audit), then says what came of it.
 * The other loop runs the tool itself; this run's tool only records the approval.
 */
export class ProposedCallModel implements ModelClient {
  readonly name = 'proposed-call'

  /** The call on the first turn; after its result, the result in words. */
  async complete(request: ModelRequest): Promise<ModelTurn> {
    const last = request.messages.at(-1)
    if (last?.role === 'tool') return { text: `${last.name}: ${last.content}` }
    const user = request.messages.findLast((message) => message.role === 'user')
    const json = user?.content.slice(user.content.indexOf('\n') + 1) ?? '{}'
    const call = JSON.parse(json) as ProposedCall
    return {
      toolCalls: [
        { id: call.toolCallId, name: call.toolName, arguments: JSON.stringify(call.input) },
      ],
    }
  }
}
