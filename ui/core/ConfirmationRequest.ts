import type { AgentEvent } from '../../machines/AgentEvent.ts'
import type { PermissionLevel } from '../../models/messages.ts'

/** What a confirmation card shows: one proposed call waiting for the user's decision. */
export interface ConfirmationRequest {
  confirmationId: string
  toolCallId: string
  toolName: string
  permission: PermissionLevel
  preview: string
  digest?: string
  /** The call's arguments as JSON text, when known. */
  argumentsJson?: string
  /** ISO time the card was issued. */
  requestedAt: string
}

/** The card for a `confirmationRequired` event; `events` supplies the call's raw arguments. */
export function toConfirmationRequest(
  event: AgentEvent,
  events: readonly AgentEvent[] = [],
): ConfirmationRequest {
  const requested = events.findLast(
    (e) => e.kind === 'toolRequested' && e.toolCallId === event.toolCallId,
  )
  return {
    confirmationId: event.confirmationId ?? '',
    toolCallId: event.toolCallId ?? '',
    toolName: event.toolName ?? 'unknown tool',
    permission: event.permission ?? 'execute',
    preview: event.preview ?? '',
    ...(event.digest !== undefined && { digest: event.digest }),
    ...(requested?.payloadJson !== undefined && { argumentsJson: requested.payloadJson }),
    requestedAt: event.at,
  }
}
