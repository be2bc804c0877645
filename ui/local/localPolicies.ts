import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { PolicyAccess } from '../core/PolicyAccess.ts'
import { RunCommandError } from '../core/RunCommandError.ts'

// One object per runtime, so `policies={localPolicies(runtime)}` in a render does not refetch each time.
const made = new WeakMap<AgentRuntime, PolicyAccess>()

/** The standing rules of a runtime in the same JS context, for `WorkspacePanel`'s "Your rules". */
export function localPolicies(runtime: AgentRuntime): PolicyAccess {
  const known = made.get(runtime)
  if (known !== undefined) return known
  const access: PolicyAccess = {
    listPolicies: async () => runtime.policies.list(),
    policyProblems: async () => runtime.policies.problems(),
    revokePolicy: async (ruleId) => {
      if (!runtime.policies.revoke(ruleId))
        throw new RunCommandError('policy_not_found', `no rule has id "${ruleId}"`)
    },
  }
  made.set(runtime, access)
  return access
}
