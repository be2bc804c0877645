import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import type { DecidedBy, Decision } from '../../../vocabulary/Decision.ts'
import type { PermissionLevel } from '../../../vocabulary/PermissionLevel.ts'
import type { ExplorerEvent, RunSnapshot } from './explorerTypes.ts'
import { modelToolNames } from './modelRegistry.ts'

/**
 * The host's rules of the hosted configuration: destructive and execute cards are approved by
 * reviewers only, never by the run's own person alone; the destructive tool needs two reviewers.
 */
export const hostedRules: ApprovalRules = {
  version: 1,
  rules: [
    {
      name: 'risky calls need a reviewer',
      levels: ['destructive', 'execute'],
      approvers: { groups: ['reviewers'] },
      fourEyes: true,
    },
    { tools: [modelToolNames.destructive], approvers: { groups: ['reviewers'] }, quorum: 2 },
  ],
}

/** The people of the hosted configuration: Ada starts the run (and reviews), Rita and Rex review, Bob does not. */
export const people = {
  ada: { kind: 'user', id: 'ada', name: 'Ada', groups: ['reviewers'] },
  rita: { kind: 'user', id: 'rita', name: 'Rita', groups: ['reviewers'] },
  rex: { kind: 'user', id: 'rex', name: 'Rex', groups: ['reviewers'] },
  bob: { kind: 'user', id: 'bob', name: 'Bob', groups: ['students'] },
} as const satisfies Record<string, DecidedBy>

/**
 * The explorer's own account of `hostedRules`, said plainly for its four tools, so the chart's
 * generic evaluation is checked against something it did not compute.
 */
export interface HostedSpec {
  /** Whose run it is. */
  startedBy: string
  reviewers: ReadonlySet<string>
}

/** The hosted spec the explorer's invariants use. */
export const hostedSpec: HostedSpec = {
  startedBy: people.ada.id,
  reviewers: new Set([people.ada.id, people.rita.id, people.rex.id]),
}

/** What the spec says of a person's or a rule's decision on a card, given who approved it so far. */
export type SpecVerdict = { refused: string } | 'counts' | 'decides'

/** The spec's verdict on `decision` for a card of `tool` at `level` that `approvals` approved. */
export function verdictBySpec(
  spec: HostedSpec,
  card: { tool: string; level: PermissionLevel; approvals: readonly string[] },
  decision: Pick<Decision, 'decision' | 'by'>,
): SpecVerdict {
  const { by } = decision
  const risky = card.level === 'destructive' || card.level === 'execute'
  if (by.kind === 'timeout') return 'decides'
  if (by.kind === 'rule') {
    if (decision.decision === 'allow' && risky) return { refused: 'a rule allows no risky call' }
    return 'decides'
  }
  if (by.id === undefined) return { refused: 'nobody signed in' }
  const own = by.id === spec.startedBy
  const reviewer = spec.reviewers.has(by.id)
  if (!risky) return own ? 'decides' : { refused: `${by.id} may not decide Ada's write card` }
  if (decision.decision === 'deny')
    return own || reviewer ? 'decides' : { refused: `${by.id} may not deny` }
  if (!reviewer) return { refused: `${by.id} is no reviewer` }
  if (card.approvals.includes(by.id)) return { refused: `${by.id} approved already` }
  const needed = card.tool === modelToolNames.destructive ? 2 : 1
  const after = [...card.approvals, by.id]
  if (after.length < needed) return 'counts'
  // Four eyes: Ada's approval never answers her own risky card alone.
  if (after.every((id) => id === spec.startedBy)) return { refused: 'four eyes: Ada alone' }
  return 'decides'
}

/** Every person's allow and deny on the card the run waits on, and one by nobody signed in. */
export function hostedDecisions(snapshot: RunSnapshot): ExplorerEvent[] {
  const { pending, runId } = snapshot.context
  if (pending === undefined) return []
  const card = { runId, confirmationId: pending.confirmationId, digest: pending.digest }
  const events: ExplorerEvent[] = []
  for (const [name, by] of Object.entries(people)) {
    events.push({
      type: 'CONFIRM',
      decision: { ...card, decision: 'allow', by: { ...by, groups: [...by.groups] } },
      label: `CONFIRM the card by ${name}`,
    })
    events.push({
      type: 'DENY',
      decision: { ...card, decision: 'deny', by: { ...by, groups: [...by.groups] } },
      label: `DENY the card by ${name}`,
    })
  }
  events.push({
    type: 'CONFIRM',
    decision: { ...card, decision: 'allow', by: { kind: 'user', name: 'nobody signed in' } },
    label: 'CONFIRM the card by nobody signed in',
  })
  return events
}
