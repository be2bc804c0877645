import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { SignedCall } from '../vocabulary/SignedReceipt.ts'

/**
 * The card's call in canonical form, from its `confirmationRequired` event: what a receipt in the
 * audit log keeps so that anyone can make the card digest the signature binds again. Undefined
 * for a card whose log entry does not carry its call.
 */
export function signedCallOf(card: AgentEvent, tools: ToolRegistry): SignedCall | undefined {
  if (card.toolName === undefined || card.payloadJson === undefined) return undefined
  const contract = tools.contractOf(card.toolName)
  const target = card.description?.target
  return {
    toolName: card.toolName,
    ...(contract !== undefined && { contract }),
    argumentsJson: card.payloadJson,
    ...(target !== undefined && { target }),
  }
}
