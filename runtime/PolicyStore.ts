import type { PolicyChange } from '../store/RunStore.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'
import { mayBeAllowedByRule } from '../vocabulary/PermissionLevel.ts'
import type { InvalidPolicyRule, PolicyFileProblems, PolicyRule } from '../workspace/policyFile.ts'
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

/** What `load` is told besides the rules: entries already refused on reading, and whether the file is corrupt. */
export interface PolicyLoadOptions {
  invalid?: readonly InvalidPolicyRule[]
  /** The rules file could not be read: keep it as it is and refuse new "always" rules. */
  corruptFile?: { file: string; message: string }
}

/** What the store needs from outside: ids, time, tool permissions, and where "always" rules live. */
export interface PolicyStoreOptions {
  generateId: () => string
  clock: () => Date
  permissionOf: (tool: string) => PermissionLevel | undefined
  initial?: readonly PolicyRule[]
  save?: (kept: readonly PolicyRule[], change: PolicyChange) => Promise<void>
  /** Called with each revoked run rule, so a store that keeps them with decisions drops it too. */
  forget?: (rule: PolicyRule) => Promise<void>
  onSaveError?: (error: unknown) => void
}

/**
 * The user's standing decisions ("allow create_task for this session", "always deny delete_task").
 * Allow rules exist only for write tools: destructive and execute calls always ask.
 */
export class PolicyStore {
  #rules: PolicyRule[] = []
  readonly #options: PolicyStoreOptions
  #saving: Promise<void> = Promise.resolve()
  // Rules read from disk but refused; kept so the next save does not silently drop what the user wrote.
  #refused: { rule: PolicyRule; reason: string }[] = []
  // Entries that were not rules at all; a later `load` without `invalid` keeps them.
  #malformed: InvalidPolicyRule[] = []
  #corrupt: PolicyFileProblems['corrupt']
  #keptChanges = 0
  // Kept rules revoked or replaced since the last save.
  readonly #removedKept = new Set<string>()

  constructor(options: PolicyStoreOptions) {
    this.#options = options
    if (options.initial !== undefined) this.load(options.initial)
  }

  /**
   * Adds kept rules read from disk after the store was made (those added since win). They are data
   * from disk: each is checked as `add` would check it, and one that fails is ignored and reported.
   */
  load(kept: readonly PolicyRule[], options: PolicyLoadOptions = {}): void {
    const known = new Set(this.#rules.map((r) => r.id))
    const accepted: PolicyRule[] = []
    const refused: { rule: PolicyRule; reason: string }[] = []
    for (const rule of kept) {
      const reason = this.#refusal(rule)
      if (reason !== undefined) refused.push({ rule, reason })
      else if (!known.has(rule.id)) accepted.push(rule)
    }
    this.#rules = [...accepted, ...this.#rules]
    this.#refused = refused
    if (options.invalid !== undefined) this.#malformed = [...options.invalid]
    if (options.corruptFile !== undefined) this.#corrupt = options.corruptFile
  }

  /**
   * Replaces the kept ("always") rules with the stored ones, read again because another node
   * saved them; this node's run and session rules stay. Each is checked as `load` checks it. A
   * store that could not be read changes no rule, and no "always" rule is saved over it.
   */
  reload(kept: readonly PolicyRule[], options: PolicyLoadOptions = {}): void {
    if (options.corruptFile !== undefined) {
      this.#corrupt = options.corruptFile
      return
    }
    // Read whole again: the rules are no longer unreadable, so they may be checked and saved.
    this.#corrupt = undefined
    const accepted: PolicyRule[] = []
    const refused: { rule: PolicyRule; reason: string }[] = []
    for (const rule of kept) {
      const reason = this.#refusal(rule)
      if (reason !== undefined) refused.push({ rule, reason })
      else accepted.push(rule)
    }
    this.#rules = [...accepted, ...this.#rules.filter((r) => r.scope !== 'always')]
    this.#refused = refused
    this.#malformed = [...(options.invalid ?? [])]
  }

  /** Counts this node's changes to its kept rules: a reload read before the last one is stale. */
  keptChanges(): number {
    return this.#keptChanges
  }

  /** Rules read from disk that are not applied (each with its reason), and a corrupt rules file. */
  problems(): PolicyFileProblems {
    return {
      invalid: [...this.#malformed, ...this.#refused],
      ...(this.#corrupt !== undefined && { corrupt: this.#corrupt }),
    }
  }

  /** The rules in force, optionally only those that apply to one run. */
  list(runId?: string): readonly PolicyRule[] {
    return this.#rules.filter(
      (r) => runId === undefined || r.runId === undefined || r.runId === runId,
    )
  }

  /** Throws `policy_not_allowed` unless the rule may exist: allow rules only for write tools, never "always". */
  check(rule: RuleRequest): void {
    if (rule.scope === 'always' && this.#corrupt !== undefined) {
      const { file } = this.#corrupt
      throw new AgentError(
        'policy_file_corrupt',
        `${file} is corrupt, so no rule can be kept "always" (StudyPulse will not overwrite it). Repair or move ${file}, then restart StudyPulse.`,
        { file },
      )
    }
    const permission = this.#options.permissionOf(rule.tool)
    if (permission === undefined)
      throw new AgentError('policy_not_allowed', `no tool named "${rule.tool}"`)
    if (rule.effect === 'allow' && !mayBeAllowedByRule(permission)) {
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

  #refusal(rule: PolicyRule): string | undefined {
    if (rule.scope !== 'always') return 'only "always" rules are kept across sessions'
    // Another process on the folder (the MCP gateway, say) may keep a deny for a tool this one
    // does not offer: it can deny nothing here, and listed, it can be revoked here.
    if (rule.effect === 'deny' && this.#options.permissionOf(rule.tool) === undefined) {
      return this.#corrupt === undefined ? undefined : 'the rules file is corrupt'
    }
    try {
      this.check(rule)
      return undefined
    } catch (error) {
      return error instanceof AgentError ? error.message : String(error)
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
    for (const replaced of this.#rules.filter((r) => sameTarget(r, created))) {
      if (replaced.scope === 'always') this.#removedKept.add(replaced.id)
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
    if (rule.scope === 'always') {
      this.#removedKept.add(id)
      this.#persist()
    }
    const forget = this.#options.forget
    if (rule.scope === 'run' && forget !== undefined) {
      this.#saving = this.#saving.then(() => forget(rule)).catch(this.#options.onSaveError)
    }
    return true
  }

  /** The rule that decides a call of `tool` in `runId`, if any; deny rules win over allow rules. */
  decide(tool: string, runId: string): PolicyRule | undefined {
    const applicable = this.list(runId).filter((r) => r.tool === tool)
    const deny = applicable.find((r) => r.effect === 'deny')
    if (deny !== undefined) return deny
    // Checked again here, so a rule can never stand in for the user on a non-write tool.
    const permission = this.#options.permissionOf(tool)
    if (permission === undefined || !mayBeAllowedByRule(permission)) return undefined
    return applicable.find((r) => r.effect === 'allow')
  }

  /** Resolves once the kept rules are on disk. */
  flush(): Promise<void> {
    return this.#saving
  }

  #persist(): void {
    this.#keptChanges += 1
    const kept = [
      ...this.#rules.filter((r) => r.scope === 'always'),
      ...this.#refused.map((r) => r.rule),
    ]
    // The ids this save drops, so a store shared by several nodes removes only those.
    const change = { removed: [...this.#removedKept] }
    this.#removedKept.clear()
    const save = this.#options.save
    if (save !== undefined)
      this.#saving = this.#saving.then(() => save(kept, change)).catch(this.#options.onSaveError)
  }
}

/** A rule entry as written in the rules file, named by its id and what it says, e.g. `"r1" (always allow create_task)`. */
export function describeRuleEntry(rule: unknown): string {
  if (rule === null || typeof rule !== 'object') return JSON.stringify(rule) ?? String(rule)
  const { id, tool, effect, scope } = rule as Record<string, unknown>
  const what = [scope, effect, tool].filter((part) => typeof part === 'string').join(' ')
  return `${typeof id === 'string' ? `"${id}"` : '(no id)'}${what === '' ? '' : ` (${what})`}`
}

function sameTarget(a: PolicyRule, b: PolicyRule): boolean {
  return a.tool === b.tool && a.scope === b.scope && a.runId === b.runId && a.effect === b.effect
}
