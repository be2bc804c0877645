import type { AgentRunActor } from './AgentRunActor.ts'
import { describeRule, type PolicyStore } from './PolicyStore.ts'

/**
 * Lets standing rules answer a run's cards the same way the user would: with a `CONFIRM`/`DENY`
 * carrying the card's id and digest, through the same guards, marked `decidedBy: 'policy'`.
 */
export function answerWithRules(actor: AgentRunActor, policies: PolicyStore): void {
  const answered = new Set<string>()
  const onSnapshot = () => {
    const { context, value } = actor.getSnapshot()
    const pending = context.pending
    const tool = context.current?.prepared?.name
    if (value !== 'awaitingConfirmation' || pending === undefined || tool === undefined) return
    if (answered.has(pending.confirmationId)) return
    answered.add(pending.confirmationId)
    const rule = policies.decide(tool, actor.id)
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
