import { verifyAuditReceipts } from '../runtime/verifyAuditReceipts.ts'
import { verifyAuditChain } from '../store/auditChain.ts'
import { verifyRunChains } from '../store/verifyRunChains.ts'
import {
  type AuditLog,
  describeChainCheck,
  describeReceiptsCheck,
  describeRunChainsCheck,
} from './auditLog.ts'

/**
 * `npm run audit -- --verify`: the log's hash chains (the database's per-run chains and
 * checkpoints, or the folder's one chain), then every signed decision's receipt against the
 * passkeys the store registered. What it says, and whether all was whole.
 */
export async function verifyAuditLog(log: AuditLog): Promise<{ text: string[]; ok: boolean }> {
  let text: string[]
  let ok: boolean
  if (log.stored !== undefined) {
    const check = verifyRunChains({ ...log.stored, where: "the run's row" })
    text = describeRunChainsCheck(log, check)
    ok = check.problems.length === 0
  } else {
    const check = verifyAuditChain(log.lines)
    text = describeChainCheck(log, check)
    ok = check.broken === undefined
  }
  // A chain is only hashes: rewritten whole, it checks again. The signatures do not.
  const receipts = await verifyAuditReceipts(log.lines, log.passkeys)
  return {
    text: [...text, ...describeReceiptsCheck(receipts)],
    ok: ok && receipts.problems.length === 0,
  }
}
