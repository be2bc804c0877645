import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'
import type { PermissionLevel } from '../../vocabulary/PermissionLevel.ts'
import type { PermissionOrigin } from '../../vocabulary/PermissionOrigin.ts'

/** What a confirmation card shows: one proposed call waiting for the user's decision. */
export interface ConfirmationRequest {
  confirmationId: string
  toolCallId: string
  toolName: string
  permission: PermissionLevel
  /** Who set the level, for tools whose level depends on it (MCP servers). */
  permissionOrigin?: PermissionOrigin
  preview: string
  /** What the call will change, read from the workspace: headline, field table, line diff. */
  description?: CallDescription
  digest?: string
  /** The call's arguments as JSON text (the validated ones the card is for), when known. */
  argumentsJson?: string
  /** ISO time the card was issued. */
  requestedAt: string
  /** ISO time the card expires, if the run has a confirmation timeout. */
  expiresAt?: string
}

/** The card for a `confirmationRequired` event; `events` supplies the raw arguments of older logs. */
export function toConfirmationRequest(
  event: AgentEvent,
  events: readonly AgentEvent[] = [],
): ConfirmationRequest {
  // The card's own payload holds the validated (possibly edited) arguments; the model's proposal is a fallback.
  const argumentsJson =
    event.payloadJson ??
    events.findLast((e) => e.kind === 'toolRequested' && e.toolCallId === event.toolCallId)
      ?.payloadJson
  return {
    confirmationId: event.confirmationId ?? '',
    toolCallId: event.toolCallId ?? '',
    toolName: event.toolName ?? 'unknown tool',
    permission: event.permission ?? 'execute',
    ...(event.permissionOrigin !== undefined && { permissionOrigin: event.permissionOrigin }),
    preview: event.preview ?? '',
    ...(event.description !== undefined && { description: event.description }),
    ...(event.digest !== undefined && { digest: event.digest }),
    ...(argumentsJson !== undefined && { argumentsJson }),
    requestedAt: event.at,
    ...(event.expiresAt !== undefined && { expiresAt: event.expiresAt }),
  }
}
