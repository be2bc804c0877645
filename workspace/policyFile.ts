import { z } from 'zod'
import { readJsonFile } from './jsonFile.ts'
import { type PolicyRule, PolicyRuleSchema } from './policyRule.ts'
import { summarizeZodIssues } from './summarizeZodIssues.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export { type PolicyRule, PolicyRuleSchema }

/** A rule found in the file but not applied, and why. `rule` is the entry as written. */
export interface InvalidPolicyRule {
  rule: unknown
  reason: string
}

/** What is wrong with the rules file: rules ignored one by one, or the whole file unreadable. */
export interface PolicyFileProblems {
  invalid: InvalidPolicyRule[]
  /** Set when the file is not a rules file at all; it is kept as it is and never overwritten. */
  corrupt?: { file: string; message: string }
}

/** The rules file read rule by rule: what is sound, and what is not. */
export interface LoadedPolicyFile extends PolicyFileProblems {
  rules: PolicyRule[]
}

// The envelope is checked as a whole; the rules one by one, so one bad rule does not hide the rest.
const PolicyFileSchema = z.strictObject({ version: z.literal(1), rules: z.array(z.unknown()) })
/** The rules file, relative to the workspace root. */
export const policyFileName = 'policies.json'
const file = policyFileName

async function readEnvelope(root: string): Promise<unknown[]> {
  return (
    await readJsonFile(root, file, PolicyFileSchema, () => ({ version: 1 as const, rules: [] }))
  ).rules
}

/**
 * Reads `policies.json` as untrusted data: well-formed rules, rules that are not (with the reason),
 * and, instead of throwing, a note when the file itself is corrupt. Never writes.
 */
export async function loadPolicyFile(root: string): Promise<LoadedPolicyFile> {
  let entries: unknown[]
  try {
    entries = await readEnvelope(root)
  } catch (error) {
    if (error instanceof WorkspaceError && error.code === 'corrupt_file')
      return { rules: [], invalid: [], corrupt: { file, message: error.message } }
    throw error
  }
  const rules: PolicyRule[] = []
  const invalid: InvalidPolicyRule[] = []
  for (const entry of entries) {
    const parsed = PolicyRuleSchema.safeParse(entry)
    if (parsed.success) rules.push(parsed.data)
    else invalid.push({ rule: entry, reason: summarizeZodIssues(parsed.error) })
  }
  return { rules, invalid }
}
