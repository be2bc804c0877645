import type { PolicyRule } from '../../workspace/policyFile.ts'

/** The user's standing decisions as the side panel needs them; `StudyPulseClient` and `localPolicies` offer this. */
export interface PolicyAccess {
  /** The rules in force. */
  listPolicies(): Promise<readonly PolicyRule[]>
  /** Removes a rule; rejects when it does not exist. */
  revokePolicy(ruleId: string): Promise<void>
}
