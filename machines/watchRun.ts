import type { AgentEvent } from '../store/AgentEvent.ts'
import type { AgentRunActor } from './createAgentRuntime.ts'
import { describeRule, type PolicyStore } from './PolicyStore.ts'

/** What watching a run does: deliver its new events, and let standing rules answer its cards. */
export interface WatchRunOptions {
  /** Events already delivered (or restored), not to be delivered again. */
  delivered: number
  deliver: (event: AgentEvent) => void
  policies: PolicyStore
}

/**
 * Follows a run's snapshots. A rule answers a card the same way the user would: with a
 * `CONFIRM`/`DENY` carrying the card's id, through the same guards, marked `decidedBy: 'policy'`.
 */
export function watchRun(actor: AgentRunActor, options: WatchRunOptions): void {
  let delivered = options.delivered
  const answered = new Set<string>()
  const onSnapshot = () => {
    const { context, value } = actor.getSnapshot()
    const events = context.events
    while (delivered < events.length) options.deliver(events[delivered++] as AgentEvent)
    const pending = context.pending
    const tool = context.current?.prepared?.name
    if (value !== 'awaitingConfirmation' || pending === undefined || tool === undefined) return
    if (answered.has(pending.confirmationId)) return
    answered.add(pending.confirmationId)
    const rule = options.policies.decide(tool, actor.id)
    if (rule === undefined) return
    // After this notification finishes, so every observer sees the card before it is answered.
    queueMicrotask(() =>
      actor.send({
        type: rule.effect === 'allow' ? 'CONFIRM' : 'DENY',
        confirmationId: pending.confirmationId,
        digest: pending.digest,
        decidedBy: 'policy',
        rule: `${describeRule(rule)} (rule ${rule.id})`,
      }),
    )
  }
  actor.subscribe({ next: onSnapshot, error: onSnapshot, complete: onSnapshot })
}
