/** Why a runtime call was refused. */
export type AgentErrorCode =
  | 'run_not_found'
  | 'confirmation_not_found'
  | 'not_awaiting_input'
  | 'invalid_input'
  // A person's message longer than `maxMessageChars` (vocabulary/messageLength.ts).
  | 'message_too_long'
  | 'invalid_decision'
  | 'wait_timeout'
  | 'run_ended'
  | 'policy_not_allowed'
  | 'invalid_edit'
  | 'run_active'
  | 'run_owned_elsewhere'
  | 'policy_file_corrupt'
  // One request answered one card more than once (see `AgentRuntime.decide`): nothing was decided.
  | 'conflicting_answers'
  // The host's approval rules do not let this person make this decision (see `ApprovalRules`).
  | 'approver_not_allowed'
  // A run list's cursor that no list handed out.
  | 'invalid_cursor'
  // The host's `generateId` made an id the runtime cannot use (see `vocabulary/ids.ts`).
  | 'invalid_id'
  // A card whose approval rule requires a signed approval, answered without a good signature.
  | SignatureErrorCode

/** The refusals of a signed decision (see `SignedApprovals`), as the runtime's API throws them. */
export type SignatureErrorCode =
  | 'signature_required'
  | 'signature_invalid'
  | 'signature_replayed'
  | 'signature_expired'
  | 'signature_mismatch'
  | 'user_not_verified'
  | 'passkey_unknown'
  | 'passkey_revoked'

/** Whether `code` is one of the refusals of a signed decision. */
export function isSignatureErrorCode(code: string): code is SignatureErrorCode {
  return signatureCodes.has(code)
}

const signatureCodes: ReadonlySet<string> = new Set<SignatureErrorCode>([
  'signature_required',
  'signature_invalid',
  'signature_replayed',
  'signature_expired',
  'signature_mismatch',
  'user_not_verified',
  'passkey_unknown',
  'passkey_revoked',
])

/** Thrown by the runtime's API when a call cannot be carried out; `code` says why, `file` which file (if one is to blame). */
export class AgentError extends Error {
  override readonly name = 'AgentError'
  readonly file?: string
  constructor(
    readonly code: AgentErrorCode,
    message: string,
    options: { file?: string } = {},
  ) {
    super(message)
    if (options.file !== undefined) this.file = options.file
  }
}
