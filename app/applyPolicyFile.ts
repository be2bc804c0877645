import { describeRuleEntry, type PolicyStore } from '../runtime/PolicyStore.ts'
import { loadPolicyFile, type PolicyFileProblems } from '../workspace/policyFile.ts'

/**
 * Reads `policies.json` rule by rule and tells the store what it found: sound rules, rules it must
 * ignore, and whether the file is corrupt (then "always" rules are refused rather than overwriting
 * it). Returns one line per problem, naming the file and each ignored rule.
 */
export async function applyPolicyFile(policies: PolicyStore, root: string): Promise<string[]> {
  const loaded = await loadPolicyFile(root)
  policies.load(loaded.rules, {
    invalid: loaded.invalid,
    ...(loaded.corrupt !== undefined && { corruptFile: loaded.corrupt }),
  })
  return describePolicyProblems(policies.problems())
}

/** The problems of the rules file as lines for a terminal, e.g. `policies.json: rule "r1" (always allow create_task) is ignored: …`. */
export function describePolicyProblems(problems: PolicyFileProblems): string[] {
  const lines = problems.invalid.map(
    ({ rule, reason }) => `policies.json: rule ${describeRuleEntry(rule)} is ignored: ${reason}`,
  )
  if (problems.corrupt !== undefined)
    lines.push(`${problems.corrupt.message} New "always" rules are refused until then.`)
  return lines
}
