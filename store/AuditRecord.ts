import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'

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
  outcome: 'completed' | 'failed' | 'denied' | 'expired' | 'interrupted'
  code?: string
}
