import type { PolicyScope } from '../../runtime/PolicyStore.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import { mayBeAllowedByRule } from '../../vocabulary/PermissionLevel.ts'
import { toolWords } from '../../vocabulary/toolWords.ts'
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
  request: Pick<ConfirmationRequest, 'toolName' | 'permission' | 'permissionOrigin'>,
): DecisionOption[] {
  // A rule covers every call of the tool: named by what such calls do, not by the tool's name.
  const every = toolWords(request.toolName, request.permissionOrigin).every
  return [
    ...(mayBeAllowedByRule(request.permission)
      ? [
          { key: 'allow-run', label: `Allow ${every} in this conversation` },
          { key: 'allow-session', label: `Allow ${every} for this session` },
        ]
      : []),
    { key: 'deny-always', label: `Always deny ${every}` },
  ]
}
