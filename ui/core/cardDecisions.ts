import type { PolicyScope } from '../../runtime/PolicyStore.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import { mayBeAllowedByRule } from '../../vocabulary/PermissionLevel.ts'
import type { ConfirmationRequest } from './ConfirmationRequest.ts'

/** One button on a card; `key` is what `onDecide` receives. */
export interface DecisionOption {
  key: string
  label: string
  variant?: 'primary' | 'secondary' | 'danger'
}

/** What a decision key means: allow or deny, and the rule it keeps, if any. */
export interface DecisionMeaning {
  decision: ConfirmationDecision
  remember?: PolicyScope
}

const meanings: Readonly<Record<string, DecisionMeaning>> = Object.freeze({
  deny: { decision: 'deny' },
  allow: { decision: 'allow' },
  'allow-run': { decision: 'allow', remember: 'run' },
  'allow-session': { decision: 'allow', remember: 'session' },
  'deny-always': { decision: 'deny', remember: 'always' },
})

/** The meaning of a built-in decision key (`deny`, `allow`, `allow-run`, `allow-session`, `deny-always`). */
export function decisionOf(key: string): DecisionMeaning | undefined {
  return Object.hasOwn(meanings, key) ? meanings[key] : undefined
}

/**
 * The lasting decisions a card offers besides Deny and Allow once: allowing for the run or the
 * session only for write tools (the runtime refuses it for anything else), always-deny for all.
 */
export function lastingDecisions(
  request: Pick<ConfirmationRequest, 'toolName' | 'permission'>,
): DecisionOption[] {
  const tool = request.toolName
  return [
    ...(mayBeAllowedByRule(request.permission)
      ? [
          { key: 'allow-run', label: `Allow ${tool} for this run` },
          { key: 'allow-session', label: `Allow ${tool} for this session` },
        ]
      : []),
    { key: 'deny-always', label: `Always deny ${tool}` },
  ]
}
