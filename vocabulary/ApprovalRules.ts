import { z } from 'zod'
import type { Identity } from './Identity.ts'
import type { PermissionLevel } from './PermissionLevel.ts'

const Name = z.string().trim().min(1).max(200)

/** Who may approve: people by id, or members of groups (as authentication names them). */
const ApproversSchema = z
  .object({
    users: z.array(Name).max(1000).optional(),
    groups: z.array(Name).max(1000).optional(),
  })
  .strict()
  .refine((a) => (a.users?.length ?? 0) + (a.groups?.length ?? 0) > 0, {
    message: 'approvers must name at least one user or group',
  })

const ApprovalRuleSchema = z
  .object({
    /** Shown in refusals and the README's example ("destructive and execute need a reviewer"). */
    name: z.string().max(200).optional(),
    /** The permission levels the rule covers. */
    levels: z
      .array(z.enum(['write', 'destructive', 'execute']))
      .max(3)
      .optional(),
    /** The tools the rule covers, by name (a card is covered when its level or its tool is listed). */
    tools: z.array(Name).max(1000).optional(),
    /**
     * The MCP servers whose tools the rule covers, by the host's own name for each (its key in
     * mcp.json), never by a tool-name prefix or a name a server gives itself.
     */
    servers: z.array(Name).max(1000).optional(),
    /** Who may approve; a rule that only asks for a signature may leave it out (then whoever decides, signs). */
    approvers: ApproversSchema.optional(),
    /**
     * Requires a signed approval: Allow and Deny are each a passkey's signature over the card's
     * call, id, decision and deadline (the page asks for it; faces that cannot sign refuse).
     */
    signed: z.boolean().optional(),
    /** The person whose run it is may not approve it alone. */
    fourEyes: z.boolean().optional(),
    /** How many distinct people must approve before the call runs (default 1). */
    quorum: z.number().int().min(1).max(20).optional(),
  })
  .strict()
  .refine((r) => (r.levels?.length ?? 0) + (r.tools?.length ?? 0) + (r.servers?.length ?? 0) > 0, {
    message: 'a rule must name the levels, the tools or the servers it covers',
  })
  .refine((r) => r.approvers !== undefined || r.signed === true, {
    message: 'a rule must name its approvers, or require a signed approval',
  })

/**
 * The host's rules for who may decide which cards: a versioned file (`approval-rules.json`) or an
 * option, never anything a model, an MCP server or a request says. A card no rule covers is the
 * decision of the person whose run it is, as in the single-user app.
 */
export const ApprovalRulesSchema = z
  .object({ version: z.literal(1), rules: z.array(ApprovalRuleSchema).max(100) })
  .strict()

/** The host's approval rules, as read through `ApprovalRulesSchema`. */
export type ApprovalRules = z.infer<typeof ApprovalRulesSchema>

/** One approval rule. */
export type ApprovalRule = ApprovalRules['rules'][number]

/** The rules read from `raw`, or why they cannot be used (every problem, with its path). */
export function parseApprovalRules(
  raw: unknown,
): { ok: true; rules: ApprovalRules } | { ok: false; message: string } {
  const parsed = ApprovalRulesSchema.safeParse(raw)
  if (parsed.success) return { ok: true, rules: parsed.data }
  const message = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`)
    .join('; ')
  return { ok: false, message }
}

// Whether `rule` covers a card for `tool` at `permission` (by its level, its tool, or the MCP
// server the tool comes from).
const covers = (
  rule: ApprovalRule,
  permission: PermissionLevel,
  tool: string,
  server: string | undefined,
): boolean =>
  (rule.levels as readonly string[] | undefined)?.includes(permission) === true ||
  rule.tools?.includes(tool) === true ||
  (server !== undefined && rule.servers?.includes(server) === true)

/**
 * The rules that say who may approve a card for `tool` at `permission` (those naming approvers);
 * `server`: the MCP server the tool comes from, as the host names it (none for its own tools).
 */
export function rulesCovering(
  rules: ApprovalRules,
  permission: PermissionLevel,
  tool: string,
  server?: string,
): ApprovalRule[] {
  return rules.rules.filter(
    (rule) => rule.approvers !== undefined && covers(rule, permission, tool, server),
  )
}

/** Whether a card for `tool` (from MCP server `server`) at `permission` must be decided by a signed approval. */
export function requiresSignature(
  rules: ApprovalRules | undefined,
  permission: PermissionLevel,
  tool: string,
  server?: string,
): boolean {
  return (
    rules?.rules.some((rule) => rule.signed === true && covers(rule, permission, tool, server)) ===
    true
  )
}

/** Whether `rule` names this person among its approvers (by id, or by one of their groups). */
export function namesApprover(rule: ApprovalRule, who: Identity): boolean {
  const { users = [], groups = [] } = rule.approvers ?? {}
  if (who.id !== undefined && users.includes(who.id)) return true
  return (who.groups ?? []).some((group) => groups.includes(group))
}

/** Whether any rule names this person as an approver: they may see the runs of others to decide them. */
export function isReviewer(rules: ApprovalRules | undefined, who: Identity): boolean {
  return (
    rules?.rules.some((rule) => rule.approvers !== undefined && namesApprover(rule, who)) === true
  )
}

/** The approvers of a rule as a person reads them: `group reviewers or alice`. */
export function describeApprovers(rule: ApprovalRule): string {
  const { users = [], groups = [] } = rule.approvers ?? {}
  const names = [...groups.map((group) => `group ${group}`), ...users.map((user) => `user ${user}`)]
  return names.join(' or ')
}
