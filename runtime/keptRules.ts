import type {
  KeptRuleRequest,
  RunCluster,
  StoredDecision,
  StoredKeptRule,
} from '../store/RunCluster.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { PolicyRuleSchema } from '../workspace/policyRule.ts'
import { summarizeZodIssues } from '../workspace/summarizeZodIssues.ts'
import { AgentError } from './AgentError.ts'
import type { PolicyStore } from './PolicyStore.ts'

// The parts of a rule a decision carries; the owner gives it its id and time.
const KeptRuleSchema = PolicyRuleSchema.pick({ tool: true, effect: true, scope: true, runId: true })

/** What the run's owner makes of the rule kept with a stored decision. */
export type KeptRuleVerdict =
  | { kind: 'none' }
  | { kind: 'hold'; rule: KeptRuleRequest }
  | { kind: 'refused'; error: AgentError }

/**
 * Reads the rule kept with a stored decision as the untrusted input it is: through the schema,
 * for this run, this decision and this card's `tool` only, and checked as a rule the user asks
 * for would be. An "always" rule is not the owner's to hold: the deciding node saved it, and
 * every node reads it from the store.
 */
export function verdictOn(
  policies: PolicyStore,
  runId: string,
  stored: Pick<StoredDecision, 'confirmationId' | 'decision' | 'decidedBy' | 'keep'>,
  tool: string | undefined,
): KeptRuleVerdict {
  if (stored.keep === undefined) return { kind: 'none' }
  const refuse = (reason: string): KeptRuleVerdict => ({
    kind: 'refused',
    error: new AgentError(
      'policy_not_allowed',
      `run ${runId}: the rule kept with confirmation ${stored.confirmationId} is ignored: ${reason}`,
    ),
  })
  const parsed = KeptRuleSchema.safeParse(stored.keep)
  if (!parsed.success) return refuse(summarizeZodIssues(parsed.error))
  const { runId: ruleRun, ...rest } = parsed.data
  const rule: KeptRuleRequest = { ...rest, ...(ruleRun !== undefined && { runId: ruleRun }) }
  if (stored.decidedBy !== 'user') return refuse('only a person keeps a rule with a decision')
  if (rule.effect !== stored.decision)
    return refuse(`it would ${rule.effect}, the user chose to ${stored.decision}`)
  if (rule.runId !== undefined && rule.runId !== runId) return refuse(`it names run ${rule.runId}`)
  if (rule.tool !== tool)
    return refuse(`it names ${rule.tool}, the card was for ${tool ?? 'no tool'}`)
  if (rule.scope === 'always') {
    return rule.effect === 'deny' ? { kind: 'none' } : refuse('allow rules are never kept always')
  }
  try {
    policies.check(rule)
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error))
  }
  return { kind: 'hold', rule }
}

/** Adds a checked rule unless the same one is already in force (a decision applied twice). */
export function holdRule(policies: PolicyStore, rule: KeptRuleRequest): void {
  const runId = rule.scope === 'run' ? rule.runId : undefined
  const held = policies
    .list(rule.runId)
    .some(
      (r) =>
        r.tool === rule.tool &&
        r.effect === rule.effect &&
        r.scope === rule.scope &&
        r.runId === runId,
    )
  if (!held) policies.add(rule)
}

/**
 * For a run this node takes over: holds the "run" rules kept with the decisions its log shows
 * taken, so they outlive the owner that held them. Session rules stay with their node.
 */
export async function holdRunRules(
  store: Pick<RunCluster, 'keptRulesOf'>,
  policies: PolicyStore,
  runId: string,
  log: readonly AgentEvent[],
  onError: (error: unknown) => void,
): Promise<void> {
  for (const stored of await store.keptRulesOf(runId)) {
    if (!takenInLog(log, stored)) continue
    const tool = log.find(
      (e) => e.kind === 'confirmationRequired' && e.confirmationId === stored.confirmationId,
    )?.toolName
    const verdict = verdictOn(policies, runId, stored, tool)
    if (verdict.kind === 'refused') onError(verdict.error)
    else if (verdict.kind === 'hold' && verdict.rule.scope === 'run')
      holdRule(policies, verdict.rule)
  }
}

// A decision stored but never taken (the card closed first) keeps no rule.
function takenInLog(log: readonly AgentEvent[], stored: StoredKeptRule): boolean {
  return log.some(
    (e) =>
      e.kind === 'confirmationResolved' &&
      e.confirmationId === stored.confirmationId &&
      e.decision === stored.decision &&
      e.decidedBy === 'user',
  )
}
