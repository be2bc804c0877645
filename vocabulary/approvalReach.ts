import {
  type ApprovalRules,
  describeApprovers,
  namesApprover,
  rulesCovering,
} from './ApprovalRules.ts'
import type { Identity } from './Identity.ts'
import type { PermissionLevel } from './PermissionLevel.ts'

/** What the host's rules let one person do with the cards of one tool. */
export interface ToolApproval {
  tool: string
  permission: PermissionLevel
  /** Whether they may approve others' cards for it (and their own, unless `fourEyes`). */
  mayApprove: boolean
  /** How many distinct people must approve a card (the largest quorum of the covering rules). */
  quorum: number
  /** Someone other than the run's own person must approve it. */
  fourEyes: boolean
  /** Who may approve instead, when they may not: `group reviewers (the rule's name)`. */
  needs?: string
}

/**
 * For each tool some approval rule covers, what `who` may do with its cards, by the same reading
 * the decision check uses (every covering rule must name them; the largest quorum; four eyes if
 * any rule asks). Tools no rule covers are left out: each person decides their own cards of them.
 */
export function approvalReach(
  rules: ApprovalRules | undefined,
  tools: readonly { name: string; permission: PermissionLevel; server?: string | undefined }[],
  who: Identity,
): ToolApproval[] {
  if (rules === undefined) return []
  return tools.flatMap((tool) => {
    if (tool.permission === 'read') return []
    const covering = rulesCovering(rules, tool.permission, tool.name, tool.server)
    if (covering.length === 0) return []
    const notNamed = covering.find((rule) => !namesApprover(rule, who))
    return [
      {
        tool: tool.name,
        permission: tool.permission,
        mayApprove: notNamed === undefined,
        quorum: Math.max(...covering.map((rule) => rule.quorum ?? 1)),
        fourEyes: covering.some((rule) => rule.fourEyes === true),
        ...(notNamed !== undefined && {
          needs: `${describeApprovers(notNamed)}${notNamed.name === undefined ? '' : ` (${notNamed.name})`}`,
        }),
      },
    ]
  })
}

/** Whether the asker may make one decision on a card, and if not, why (who may instead). */
export type CardDecisionReach = { may: true } | { may: false; why: string }

/** What the asker may do with a run's open card, and where (`GET /api/runs/:runId/card`). */
export interface CardReach {
  confirmationId: string
  allow: CardDecisionReach
  deny: CardDecisionReach
  /**
   * Set when the server cannot decide the card at all: its run is held by another process that
   * shares no decisions with it (the terminal chat, another `npm start` on the same folder).
   */
  elsewhere?: string
}
