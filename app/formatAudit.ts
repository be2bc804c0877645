import type { AuditRecord } from '../store/AuditRecord.ts'
import { personName } from '../vocabulary/Identity.ts'

const outcomeWords: Record<AuditRecord['outcome'], string> = {
  completed: 'done',
  failed: 'failed',
  denied: 'denied',
  expired: 'expired',
  interrupted: 'interrupted',
}

/** The audit log as lines a person can read: when, what, who decided, and what came of it. */
export function formatAudit(records: readonly AuditRecord[]): string[] {
  if (records.length === 0) return ['No decisions yet: nothing that writes has been proposed.']
  return records.map((r) => {
    const when = r.at.replace('T', ' ').slice(0, 19)
    const who =
      r.decidedBy === 'policy'
        ? `rule: ${r.rule ?? 'a rule'}`
        : r.decidedBy === 'timeout'
          ? 'nobody (timed out)'
          : r.decidedBy === 'user'
            ? // Hosted mode: who authentication said decided (and who approved before them).
              r.approvals !== undefined && r.approvals.length > 1
              ? r.approvals.map(personName).join(' and ')
              : r.decider !== undefined
                ? personName(r.decider)
                : 'you'
            : 'nobody'
    const decision =
      r.decision === undefined ? '' : `${r.decision === 'allow' ? 'allowed' : 'denied'} by ${who}`
    const code = r.code !== undefined && r.outcome === 'failed' ? ` (${r.code})` : ''
    return [
      `${when}  ${r.permission.toUpperCase().padEnd(11)} ${r.preview ?? r.toolName}`,
      `                     ${decision || who} → ${outcomeWords[r.outcome]}${code}   digest ${(r.digest ?? '').slice(0, 12)}  run ${r.runId}${r.startedBy === undefined ? '' : ` of ${personName(r.startedBy)}`}`,
    ].join('\n')
  })
}
