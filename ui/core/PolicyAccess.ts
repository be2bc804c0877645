import type { PolicyFileProblems, PolicyRule } from '../../workspace/policyFile.ts'

/** The user's standing decisions as the side panel needs them; `StudyPulseClient` and `localPolicies` offer this. */
export interface PolicyAccess {
  /** The rules in force. */
  listPolicies(): Promise<readonly PolicyRule[]>
  /** Removes a rule; rejects when it does not exist. */
  revokePolicy(ruleId: string): Promise<void>
  /** Rules in the rules file that are not applied, and whether the file is corrupt (then "always" is refused). */
  policyProblems?(): Promise<PolicyFileProblems>
}
