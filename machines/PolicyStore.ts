import type { PermissionLevel } from '../models/messages.ts'
import type { PolicyRule } from '../workspace/policyFile.ts'
import { AgentError } from './AgentError.ts'

/** What a new rule says: which tool, allow or deny, for how long, and for which run. */
export interface RuleRequest {
  tool: string
  effect: 'allow' | 'deny'
  scope: PolicyScope
  runId?: string
}

/** How long a standing decision lasts. */
export type PolicyScope = PolicyRule['scope']

/** What the store needs from outside: ids, time, tool permissions, and where "always" rules live. */
export interface PolicyStoreOptions {
  generateId: () => string
  clock: () => Date
  permissionOf: (tool: string) => PermissionLevel | undefined
  initial?: readonly PolicyRule[]
  save?: (kept: readonly PolicyRule[]) => Promise<void>
  onSaveError?: (error: unknown) => void
}

/**
 * The user's standing decisions ("allow create_task for this session", "always deny delete_task").
 * Allow rules exist only for write tools: destructive and execute calls always ask.
 */
export class PolicyStore {
  #rules: PolicyRule[]
  readonly #options: PolicyStoreOptions
  #saving: Promise<void> = Promise.resolve()

  constructor(options: PolicyStoreOptions) {
    this.#options = options
    this.#rules = [...(options.initial ?? [])].filter((r) => r.scope === 'always')
  }

  /** Adds kept rules read from disk after the store was made (those added since win). */
  load(kept: readonly PolicyRule[]): void {
    const known = new Set(this.#rules.map((r) => r.id))
    this.#rules = [...kept.filter((r) => r.scope === 'always' && !known.has(r.id)), ...this.#rules]
  }

  /** The rules in force, optionally only those that apply to one run. */
  list(runId?: string): readonly PolicyRule[] {
    return this.#rules.filter(
      (r) => runId === undefined || r.runId === undefined || r.runId === runId,
    )
  }

  /** Throws `policy_not_allowed` unless the rule may exist: allow rules only for write tools, never "always". */
  check(rule: RuleRequest): void {
    const permission = this.#options.permissionOf(rule.tool)
    if (permission === undefined)
      throw new AgentError('policy_not_allowed', `no tool named "${rule.tool}"`)
    if (rule.effect === 'allow' && permission !== 'write') {
      throw new AgentError(
        'policy_not_allowed',
        `${rule.tool} is a ${permission} tool: it asks every time and cannot be allowed by a rule`,
      )
    }
    if (rule.effect === 'allow' && rule.scope === 'always') {
      throw new AgentError(
        'policy_not_allowed',
        'allow rules last for a run or a session, never always',
      )
    }
    if (rule.scope === 'run' && rule.runId === undefined) {
      throw new AgentError('policy_not_allowed', 'a run rule needs the run it applies to')
    }
  }

  /** Adds a rule; refuses an allow rule for anything but a write tool, and "always allow". */
  add(rule: RuleRequest): PolicyRule {
    this.check(rule)
    const created: PolicyRule = {
      id: this.#options.generateId(),
      tool: rule.tool,
      effect: rule.effect,
      scope: rule.scope,
      ...(rule.scope === 'run' && { runId: rule.runId }),
      createdAt: this.#options.clock().toISOString(),
    }
    this.#rules = [...this.#rules.filter((r) => !sameTarget(r, created)), created]
    if (created.scope === 'always') this.#persist()
    return created
  }

  /** Removes a rule; returns whether it existed. */
  revoke(id: string): boolean {
    const rule = this.#rules.find((r) => r.id === id)
    if (rule === undefined) return false
    this.#rules = this.#rules.filter((r) => r.id !== id)
    if (rule.scope === 'always') this.#persist()
    return true
  }

  /** The rule that decides a call of `tool` in `runId`, if any; deny rules win over allow rules. */
  decide(tool: string, runId: string): PolicyRule | undefined {
    const applicable = this.list(runId).filter((r) => r.tool === tool)
    const deny = applicable.find((r) => r.effect === 'deny')
    if (deny !== undefined) return deny
    // Checked again here, so a rule can never stand in for the user on a non-write tool.
    if (this.#options.permissionOf(tool) !== 'write') return undefined
    return applicable.find((r) => r.effect === 'allow')
  }

  /** Resolves once the kept rules are on disk. */
  flush(): Promise<void> {
    return this.#saving
  }

  #persist(): void {
    const kept = this.#rules.filter((r) => r.scope === 'always')
    const save = this.#options.save
    if (save !== undefined)
      this.#saving = this.#saving.then(() => save(kept)).catch(this.#options.onSaveError)
  }
}

/** A readable name for a rule, as events and the audit log show it. */
export function describeRule(rule: Pick<PolicyRule, 'tool' | 'effect' | 'scope'>): string {
  const scope = { run: 'for this run', session: 'for this session', always: 'always' }[rule.scope]
  return rule.scope === 'always'
    ? `always ${rule.effect} ${rule.tool}`
    : `${rule.effect} ${rule.tool} ${scope}`
}

function sameTarget(a: PolicyRule, b: PolicyRule): boolean {
  return a.tool === b.tool && a.scope === b.scope && a.runId === b.runId && a.effect === b.effect
}
