import type { ConfirmationRequest } from './ConfirmationRequest.ts'
import { decisionOf } from './cardDecisions.ts'
import { isDecidingRun } from './DecidingRun.ts'
import { RunCommandError } from './RunCommandError.ts'
import type { RunSource } from './RunSource.ts'
import { submitCommand } from './submitCommand.ts'

/**
 * Sends the decision a card's button stands for, bound to the card's digest. Lasting decisions
 * need a `DecidingRun`: a raw actor cannot keep rules (its events bypass the policy store).
 */
export async function submitDecision(
  run: RunSource,
  request: ConfirmationRequest,
  key: string,
): Promise<void> {
  const meaning = decisionOf(key)
  if (meaning === undefined)
    throw new RunCommandError('invalid_decision', `"${key}" is not a decision this card knows`)
  const { confirmationId, digest } = request
  if (isDecidingRun(run))
    return run.decide(confirmationId, meaning.decision, {
      ...(digest !== undefined && { digest }),
      ...(meaning.remember !== undefined && { remember: meaning.remember }),
    })
  if (meaning.remember !== undefined)
    throw new RunCommandError(
      'not_supported',
      'this run cannot keep rules; use a LocalRunClient or RemoteRunClient',
    )
  // Every decision names the call it answers; a card without a digest cannot be decided.
  if (digest === undefined)
    throw new RunCommandError('invalid_decision', 'this card does not say which call it is for')
  return submitCommand(run, {
    type: meaning.decision === 'allow' ? 'CONFIRM' : 'DENY',
    confirmationId,
    digest,
  })
}
