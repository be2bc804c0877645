import { bindingMismatch } from '../machines/runGuards.ts'
import { cardDigest, digestOfCanonical } from '../tools/digest.ts'
import { signingChallenge } from '../vocabulary/SignedDecision.ts'
import { type AuditReceipt, AuditReceiptSchema } from '../vocabulary/SignedReceipt.ts'
import { type ReceiptProblemCode, verifySignedReceipt } from './verifySignedReceipt.ts'

/** What can be wrong with the signed decisions an audit log keeps, each named for what was changed. */
export type AuditReceiptProblemCode =
  | Exclude<ReceiptProblemCode, 'binding_changed'>
  /** The call kept is not the one signed, or the line's call is not. */
  | 'call_changed'
  /** The line says another decision than the one signed. */
  | 'decision_changed'
  /** Something else the signature binds (card, run, deadline, nonce) was changed. */
  | 'binding_changed'
  /** The passkey is not one the checker knows. */
  | 'key_unknown'
  /** A receipt sits on another card's line, or the signers are not in the order the line names. */
  | 'order_changed'
  /** The same signature appears twice in the log. */
  | 'receipt_reused'

/** One problem found, and where. */
export interface AuditReceiptProblem {
  code: AuditReceiptProblemCode
  /** The line's place in the log as read (1-based). */
  line: number
  message: string
}

/** A passkey as the checker trusts it: whose it is and its public key (COSE, base64url). */
export interface TrustedPasskey {
  personId: string
  publicKey: string
}

/** What a check of the log's receipts found. */
export interface AuditReceiptsCheck {
  /** Receipts read. */
  receipts: number
  problems: AuditReceiptProblem[]
}

interface LineFields {
  runId?: unknown
  confirmationId?: unknown
  digest?: unknown
  decision?: unknown
  decider?: { id?: unknown }
  approvals?: { id?: unknown }[]
  receipts?: unknown
}

/**
 * Checks every signed decision an audit log keeps, offline: each receipt's signature (with the
 * public key the checker trusts for its passkey, when `keys` is given), that its call makes the
 * digest it signed and that is the line's, that it signed the line's decision on the line's card,
 * that the signers are those the line names in their order, and that no signature is used twice.
 * The hash chain is checked apart (a rewritten chain is whole again; these signatures are not).
 */
export async function verifyAuditReceipts(
  lines: readonly string[],
  keys?: ReadonlyMap<string, TrustedPasskey>,
): Promise<AuditReceiptsCheck> {
  const problems: AuditReceiptProblem[] = []
  const seen = new Set<string>()
  let receipts = 0
  for (const [index, text] of lines.entries()) {
    let fields: LineFields
    try {
      fields = JSON.parse(text) as LineFields
    } catch {
      continue // not a record: the chain's check names it
    }
    if (fields?.receipts === undefined) continue
    const line = index + 1
    const say = (code: AuditReceiptProblemCode, message: string) =>
      problems.push({ code, line, message: `line ${line}: ${message}` })
    const kept = Array.isArray(fields.receipts) ? fields.receipts : [fields.receipts]
    const read: AuditReceipt[] = []
    for (const raw of kept) {
      receipts++
      const parsed = AuditReceiptSchema.safeParse(raw)
      if (!parsed.success) {
        say('receipt_malformed', 'a receipt is not in the receipt format (version 1)')
        continue
      }
      read.push(parsed.data)
      const nonce = parsed.data.receipt.binding.nonce
      if (seen.has(nonce)) say('receipt_reused', 'a signature here was used on an earlier line')
      seen.add(nonce)
      for (const [code, message] of await checkReceipt(fields, parsed.data, keys))
        say(code, message)
    }
    const order = signersOrder(fields, read)
    if (order !== undefined) say('order_changed', order)
  }
  return { receipts, problems }
}

type Found = [AuditReceiptProblemCode, string]

// One receipt against its line and the keys the checker trusts.
async function checkReceipt(
  fields: LineFields,
  { call, receipt }: AuditReceipt,
  keys: ReadonlyMap<string, TrustedPasskey> | undefined,
): Promise<Found[]> {
  const found: Found[] = []
  const { binding } = receipt
  const signer = receipt.signer.id
  const line = {
    runId: String(fields.runId),
    confirmationId: String(fields.confirmationId),
    digest: String(fields.digest),
  }
  const { runId, confirmationId } = binding
  if (bindingMismatch({ runId, confirmationId }, line) === 'other_card')
    found.push(['order_changed', `${signer}'s receipt was signed for another card`])
  const made = cardDigest(
    digestOfCanonical(call.toolName, call.argumentsJson, call.contract),
    call.target,
  )
  if (bindingMismatch({ digest: made }, { digest: binding.digest }) !== undefined)
    found.push(['call_changed', `the call kept with ${signer}'s receipt is not the call signed`])
  else if (bindingMismatch({ digest: binding.digest }, { digest: line.digest }) !== undefined)
    found.push(['call_changed', `the line's call is not the one ${signer} signed`])
  if (fields.decision !== binding.decision)
    found.push([
      'decision_changed',
      `the line says ${String(fields.decision)}; ${signer} signed to ${binding.decision}`,
    ])
  const trusted = keys?.get(receipt.credentialId)
  if (keys !== undefined && trusted === undefined)
    found.push(['key_unknown', `${signer}'s passkey is not one registered here`])
  else if (trusted !== undefined && trusted.personId !== signer)
    found.push(['key_changed', `the passkey is ${trusted.personId}'s, not ${signer}'s`])
  const verdict = await verifySignedReceipt(receipt, {
    ...(trusted !== undefined && { publicKey: trusted.publicKey }),
  })
  if (verdict.ok) return found
  for (const problem of verdict.problems) {
    if (problem.code !== 'binding_changed') {
      found.push([problem.code, `${signer}'s receipt: ${problem.message}`])
      continue
    }
    // The signature holds the challenge: one remade with the other decision names the change.
    const other = binding.decision === 'allow' ? 'deny' : 'allow'
    const { decodeClientDataJSON } = await import('@simplewebauthn/server/helpers')
    const signed = decodeClientDataJSON(receipt.assertion.clientDataJSON).challenge
    if (signingChallenge({ ...binding, decision: other }) === signed)
      found.push(['decision_changed', `${signer} signed to ${other}, not to ${binding.decision}`])
    else if (!found.some(([code]) => code === 'call_changed' || code === 'order_changed'))
      found.push(['binding_changed', `${signer}'s receipt: ${problem.message}`])
  }
  return found
}

// The signers must be the people the line says decided, in the order their approvals came.
function signersOrder(fields: LineFields, read: readonly AuditReceipt[]): string | undefined {
  const named = (fields.approvals ?? (fields.decider ? [fields.decider] : [])).map((p) =>
    String(p.id),
  )
  const signers = read.map((r) => r.receipt.signer.id)
  const inLine = named.filter((id) => signers.includes(id))
  if (signers.join('\n') === inLine.join('\n')) return undefined
  return `the receipts are signed by ${signers.join(', ')}; the line names ${named.join(', ')} in that order`
}
