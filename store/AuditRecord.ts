import { z } from 'zod'
import type { Person } from '../vocabulary/Identity.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'
import type { AuditReceipt } from '../vocabulary/SignedReceipt.ts'

/** One line of the workspace-wide audit log: a non-read call, who decided, and what came of it. */
export interface AuditRecord {
  at: string
  runId: string
  toolCallId: string
  toolName: string
  permission: PermissionLevel
  digest?: string
  preview?: string
  confirmationId?: string
  decision?: 'allow' | 'deny'
  decidedBy?: 'user' | 'policy' | 'timeout'
  rule?: string
  decidedAt?: string
  /** The signed-in person who decided (absent in the single-user mode). */
  decider?: Person
  /** Everyone whose approval counted, for a card the host's rules gave a quorum. */
  approvals?: readonly Person[]
  /** The signed-in person whose run it was. */
  startedBy?: Person
  /**
   * Each signed decision that counted for the card (a rule required a signature), in the order
   * they came: the card's canonical call and the receipt (`npm run audit -- --verify` checks them).
   */
  receipts?: readonly AuditReceipt[]
  /** `cancelled`: the card closed unanswered by a cancel (its `code` says why: `asker_gone`). */
  outcome: 'completed' | 'failed' | 'denied' | 'expired' | 'interrupted' | 'cancelled'
  code?: string
  /**
   * The chain's fields, on lines written since the log was chained: one chain for the log
   * (`version: 2`, `auditChain.ts`) or one per run (`version: 3` with the line's index `n` in its
   * run, `runAuditChain.ts`).
   */
  version?: 2 | 3
  n?: number
  prev?: string
  hash?: string
}

const PersonSchema = z.object({ id: z.string(), name: z.string().optional() })

/**
 * An audit line as read back: an older line (no `version`, before the chain) or a chained one
 * (`version: 2`, or `3` for a per-run chain); fields this app does not know are kept out.
 */
export const AuditRecordSchema = z.object({
  at: z.string(),
  runId: z.string(),
  toolCallId: z.string(),
  toolName: z.string(),
  permission: z.enum(['read', 'write', 'destructive', 'execute']),
  digest: z.string().optional(),
  preview: z.string().optional(),
  confirmationId: z.string().optional(),
  decision: z.enum(['allow', 'deny']).optional(),
  decidedBy: z.enum(['user', 'policy', 'timeout']).optional(),
  rule: z.string().optional(),
  decidedAt: z.string().optional(),
  decider: PersonSchema.optional(),
  approvals: z.array(PersonSchema).optional(),
  startedBy: PersonSchema.optional(),
  // Read strictly by the receipts' own check, which names what is wrong with each: here a damaged
  // receipt must not hide its line from the log as printed.
  receipts: z.array(z.custom<AuditReceipt>((v) => typeof v === 'object' && v !== null)).optional(),
  outcome: z.enum(['completed', 'failed', 'denied', 'expired', 'interrupted', 'cancelled']),
  code: z.string().optional(),
  version: z.union([z.literal(2), z.literal(3)]).optional(),
  n: z.number().int().optional(),
  prev: z.string().optional(),
  hash: z.string().optional(),
}) satisfies z.ZodType<AuditRecord>
