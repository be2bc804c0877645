import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import type { SignedAnswer } from '../../vocabulary/SignedDecision.ts'
import type { WebAuthnClient } from '../core/WebAuthnClient.ts'
import type { HttpApi } from './HttpApi.ts'

/**
 * Signs one decision on a run's open card: the server makes the challenge from the card as it
 * holds it (`POST /api/runs/:runId/signing`), the person's authenticator signs it, and the answer
 * goes with the decision.
 */
export async function signDecision(
  api: HttpApi,
  webAuthn: WebAuthnClient,
  card: { runId: string; confirmationId: string; decision: ConfirmationDecision },
): Promise<SignedAnswer> {
  const { options, binding } = await api.post<{
    options: Record<string, unknown>
    binding: { nonce: string }
  }>(`/api/runs/${encodeURIComponent(card.runId)}/signing`, {
    confirmationId: card.confirmationId,
    decision: card.decision,
  })
  return { nonce: binding.nonce, assertion: await webAuthn.get(options) }
}
