import { z } from 'zod'

// Apart from the rules file, so browser code can check a rule without reaching Node modules.
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
