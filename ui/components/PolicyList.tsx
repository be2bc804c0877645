import { useState } from 'react'
import { describeRuleEntry } from '../../runtime/PolicyStore.ts'
import { describeRule } from '../../vocabulary/Decision.ts'
import { ruleInWords } from '../../vocabulary/toolWords.ts'
import type { PolicyRule } from '../../workspace/policyFile.ts'
import type { PoliciesView } from '../hooks/usePolicies.ts'

/** Props of `PolicyList`. */
export interface PolicyListProps {
  view: PoliciesView
}

const lasts: Record<PolicyRule['scope'], string> = {
  run: 'Until this run ends',
  session: 'Until StudyPulse stops',
  always: 'Kept until you revoke it',
}

/** "Your rules": the standing decisions in force, each with a Revoke button. */
export function PolicyList({ view }: PolicyListProps) {
  const [revoking, setRevoking] = useState<string>()
  const [error, setError] = useState<string>()
  const revoke = async (rule: PolicyRule) => {
    setRevoking(rule.id)
    setError(undefined)
    try {
      await view.revoke(rule.id)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setRevoking(undefined)
    }
  }
  return (
    <>
      {view.error || error ? (
        <p className="sp-notice sp-notice--error">
          Could not update your rules: {error ?? view.error}
        </p>
      ) : null}
      {view.problems.corrupt ? (
        <p className="sp-notice sp-notice--error" role="alert">
          Your rules file is damaged, so no rule can be kept “always” until you repair or move it
          (StudyPulse will not overwrite it): {view.problems.corrupt.message}
        </p>
      ) : null}
      {view.problems.invalid.length > 0 ? (
        <div className="sp-notice sp-notice--error" role="alert">
          Ignored from policies.json (not applied):
          <ul className="sp-list">
            {view.problems.invalid.map(({ rule, reason }, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: file entries need not have unique ids
              <li key={index}>
                Rule {ruleInWords(describeRuleEntry(rule))}: {reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.rules.length === 0 ? (
        <p className="sp-muted">
          No rules. Under “More choices” on a card you can allow a tool in this conversation or for
          this session, or always deny it.
        </p>
      ) : (
        <ul className="sp-list sp-rules">
          {view.rules.map((rule) => {
            const text = ruleInWords(describeRule(rule))
            return (
              <li
                key={rule.id}
                className={`sp-rule sp-rule--${rule.effect}`}
                data-rule-id={rule.id}
              >
                <span className="sp-rule__body">
                  <span className="sp-list__title">
                    {text.charAt(0).toUpperCase() + text.slice(1)}
                  </span>
                  <span className="sp-list__meta">{lasts[rule.scope]}</span>
                </span>
                <button
                  type="button"
                  className="sp-button sp-button--secondary sp-button--small"
                  aria-label={`Revoke: ${text}`}
                  disabled={revoking === rule.id}
                  onClick={() => void revoke(rule)}
                >
                  Revoke
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
