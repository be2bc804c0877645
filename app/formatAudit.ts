import type { AuditRecord } from '../store/AuditRecord.ts'
import { momentText } from '../vocabulary/humanTime.ts'
import { personName } from '../vocabulary/Identity.ts'
import { ruleInWords, toolWords } from '../vocabulary/toolWords.ts'
import { visibleText } from '../vocabulary/visibleText.ts'

const outcomeWords: Record<AuditRecord['outcome'], string> = {
  completed: 'done',
  failed: 'failed',
  denied: 'denied',
  expired: 'expired',
  interrupted: 'interrupted',
  cancelled: 'closed unanswered',
}

/** The audit log as lines a person can read: when, what, who decided, and what came of it. */
export function formatAudit(records: readonly AuditRecord[]): string[] {
  if (records.length === 0) return ['No decisions yet: nothing that writes has been proposed.']
  return records.map((r) => {
    // The app's one date and time format; the digest, not an id, ties a line to its call.
    const when = momentText(r.at)
    const who =
      r.decidedBy === 'policy'
        ? `rule: ${ruleInWords(r.rule ?? 'a rule')}`
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
    const code =
      r.code !== undefined && (r.outcome === 'failed' || r.outcome === 'cancelled')
        ? ` (${r.code})`
        : ''
    return [
      // The preview is data (a task's title): shown, never obeyed by the terminal.
      `${when}  ${r.permission.toUpperCase().padEnd(11)} ${visibleText(r.preview ?? toolWords(r.toolName).action, 'mark')}`,
      `                     ${decision || who} → ${outcomeWords[r.outcome]}${code}   digest ${(r.digest ?? '').slice(0, 12)}${r.startedBy === undefined ? '' : `  in a conversation of ${personName(r.startedBy)}`}`,
    ].join('\n')
  })
}
