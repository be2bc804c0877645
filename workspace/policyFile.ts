import { z } from 'zod'
import { readJsonFile, writeJsonFile } from './jsonFile.ts'
import { withWorkspaceLock } from './withWorkspaceLock.ts'

/** A standing decision the user made about a tool, as stored in `policies.json`. */
export const PolicyRuleSchema = z.strictObject({
  id: z.string().min(1),
  tool: z.string().min(1).max(200),
  effect: z.enum(['allow', 'deny']),
  scope: z.enum(['run', 'session', 'always']),
  runId: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
})
/** A standing decision the user made about a tool. */
export type PolicyRule = z.infer<typeof PolicyRuleSchema>

const PolicyFileSchema = z.strictObject({ version: z.literal(1), rules: z.array(PolicyRuleSchema) })
const file = 'policies.json'

/** The rules the user chose to keep across sessions ("always deny"). */
export async function readPolicyFile(root: string): Promise<PolicyRule[]> {
  return (
    await readJsonFile(root, file, PolicyFileSchema, () => ({ version: 1 as const, rules: [] }))
  ).rules
}

/** Replaces the kept rules, atomically. */
export async function writePolicyFile(root: string, rules: readonly PolicyRule[]): Promise<void> {
  await withWorkspaceLock(root, () => writeJsonFile(root, file, { version: 1, rules }))
}
