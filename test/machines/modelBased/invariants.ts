import { cardDigest } from '../../../tools/digest.ts'
import { decidedByName } from '../../../vocabulary/Decision.ts'
import { allowedToExecute, hostedVerdict, refusalBySpec } from './decisionSpec.ts'
import { effectInput, effectStates, enters, entries, tagsAgree } from './effectChecks.ts'
import type { InvariantContext, RunSnapshot, RunStep } from './explorerTypes.ts'
import {
  answeredId,
  approvalCounted,
  decisionAccepted,
  type Ledger,
  newLogEntries,
} from './ledger.ts'

/** One property every step of every explored path must keep. */
export interface Invariant {
  id: string
  title: string
  /** A description of the violation, or undefined when the step keeps the property. */
  check(step: RunStep, before: Ledger, after: Ledger, context: InvariantContext): string | undefined
}

const toolResultsFor = (snapshot: RunSnapshot, callId: string) =>
  snapshot.context.messages.flatMap((m) =>
    m.role === 'tool' && m.toolCallId === callId ? [m.content] : [],
  )

const errorCode = (content: string): string | undefined => {
  try {
    return (JSON.parse(content) as { error?: { code?: string } }).error?.code
  } catch {
    return undefined
  }
}

/** States a run may rest in, and what guarantees it will leave them. */
export const restingStates: Record<string, (snapshot: RunSnapshot) => string | undefined> = {
  // The runtime answers these with MODEL_DONE/MODEL_FAILED, TOOL_DONE/TOOL_FAILED.
  thinking: () => undefined,
  executing: (s) =>
    s.context.current?.prepared !== undefined ? undefined : 'executing with no prepared call',
  awaitingInput: () => undefined,
  // The runtime answers with DESCRIBED, for a call whose tool has a describe step.
  describing: (s) => {
    const prepared = s.context.current?.prepared
    if (prepared?.describes !== true) return 'describing a call whose tool has no describe step'
    return s.context.pending === undefined ? undefined : 'describing while a card is open'
  },
  awaitingConfirmation: (s) => {
    const { pending, current } = s.context
    if (pending === undefined) return 'awaiting confirmation with no pending confirmation'
    const prepared = current?.prepared
    if (
      prepared === undefined ||
      pending.callId !== prepared.callId ||
      pending.digest !== cardDigest(prepared.digest, current?.description?.target)
    )
      return 'awaiting a confirmation that is not for the current call, bound to what it shows'
    return undefined
  },
}

/** The invariants of the confirmation rule, of the decisions and of the effects. */
export const invariants: readonly Invariant[] = [
  {
    id: 'I1',
    title:
      'a non-read call executes (executeCall runs) only after CONFIRM with the id issued for that exact call, in that step',
    check(step, before, _after, context) {
      const runs = step.effects.filter((e) => e.type === 'executeCall')
      if (runs.length === 0 && !enters(step, 'executing')) return undefined
      // What executes: the context `executeCall` was given, or the state entered without it.
      const seen = runs.length > 0 ? runs.map((r) => r.context) : [step.after.context]
      for (const run of seen) {
        const why = allowedToExecute(step, before, context, run)
        if (why !== undefined) return why
      }
      return undefined
    },
  },
  {
    id: 'I2',
    title: 'no confirmation id is accepted twice; decided, cancelled and dropped ids are dead',
    check(step, before, after, context) {
      if (after.reissued.length > before.reissued.length)
        return `confirmation id ${after.reissued.at(-1)} was issued twice`
      const { event } = step
      const answered = answeredId(event)
      if (answered !== undefined && decisionAccepted(step)) {
        const issued = before.issued.get(answered)
        if (issued?.state !== 'live')
          return `${event.label}: id ${answered} accepted while ${issued?.state ?? 'never issued'}`
      }
      for (const [id, entry] of after.issued) {
        if (entry.state === 'live') continue
        if (step.after.context.pending?.confirmationId === id)
          return `${entry.state} id ${id} is still pending after ${event.label}`
        if (!step.after.context.retiredConfirmationIds.includes(id))
          return `${entry.state} id ${id} is not retired after ${event.label}`
        if (step.after.status !== 'active') continue
        for (const type of ['CONFIRM', 'DENY'] as const) {
          const decision = type === 'CONFIRM' ? 'allow' : 'deny'
          const probe = context.probe(step.after, {
            type,
            decision: {
              runId: step.after.context.runId,
              confirmationId: id,
              digest: entry.digest,
              decision,
              by: { kind: 'user' },
            },
            label: `${type} dead id`,
          })
          if (decisionAccepted(probe) || enters(probe, 'executing'))
            return `${type} with ${entry.state} id ${id} was accepted after ${event.label}`
        }
      }
      return undefined
    },
  },
  {
    id: 'I3',
    title: 'a denied (or expired) call gets exactly one such result and the run goes on',
    check(step, before, after) {
      for (const { callId, code } of after.refusedCalls) {
        const codes = toolResultsFor(step.after, callId).map(errorCode)
        // A later proposal reusing the id is refused as a duplicate; it is not a second result.
        if (codes[0] !== code || codes.filter((c) => c !== 'duplicate_call_id').length !== 1)
          return `refused call ${callId} has results ${JSON.stringify(codes)}, not one ${code}`
      }
      if (after.refusedCalls.length === before.refusedCalls.length) return undefined
      const refused = after.refusedCalls.at(-1)
      const resolved = newLogEntries(step).filter((e) => e.kind === 'confirmationResolved')
      if (resolved.length !== 1 || resolved[0]?.decision !== 'deny')
        return `${step.event.label} refused a call without logging exactly one deny resolution`
      const { value, context: c } = step.after
      if (value === 'thinking') return undefined
      if (
        (value === 'describing' || value === 'awaitingConfirmation' || value === 'executing') &&
        c.current !== undefined
      )
        return c.current.call.id === refused?.callId
          ? `the refused call is ${value} again`
          : undefined
      // The step limit ends a run after any result, a denial included; it is not a dead end.
      if (value === 'failed' && c.error?.code === 'step_limit' && c.turns >= c.maxTurns)
        return undefined
      return `after ${step.event.label} the run is ${String(value)}, neither thinking nor on to the next call`
    },
  },
  {
    id: 'I4',
    title: 'after CANCEL nothing leaves cancelled and nothing executes',
    check(step, before) {
      if (before.cancelled) {
        if (step.after.value !== 'cancelled') return `left cancelled on ${step.event.label}`
        if (enters(step, 'executing'))
          return `entered executing after CANCEL on ${step.event.label}`
        return undefined
      }
      if (step.event.type === 'CANCEL' && step.before.status === 'active') {
        if (step.after.value !== 'cancelled')
          return `CANCEL left the run ${String(step.after.value)}`
        if (enters(step, 'executing')) return 'CANCEL entered executing'
      }
      return undefined
    },
  },
  {
    id: 'I5',
    title: 'no dead ends: every state waits for a named event, an invoked actor, or is final',
    check(step) {
      const s = step.after
      if (s.status === 'error') return `the machine crashed on ${step.event.label}`
      if (s.status === 'done') return undefined
      const rest = restingStates[String(s.value)]
      if (rest === undefined) return `the run rests in ${String(s.value)}, which nothing leaves`
      return rest(s)
    },
  },
  {
    id: 'I6',
    title: 'read calls never wait for confirmation',
    check(step, _before, _after, context) {
      for (const entry of newLogEntries(step)) {
        if (entry.kind !== 'confirmationRequired') continue
        if (
          context.registry.permissionOf(entry.toolName ?? '') === 'read' ||
          entry.permission === 'read'
        )
          return `read tool ${entry.toolName} asked for confirmation`
      }
      const current = step.after.context.current
      if (!enters(step, 'awaitingConfirmation') || current === undefined) return undefined
      if (
        context.registry.permissionOf(current.call.name) === 'read' ||
        current.prepared?.permission === 'read'
      )
        return `read call ${current.call.name} entered awaitingConfirmation`
      return undefined
    },
  },
  {
    id: 'I7',
    title:
      'each effect runs exactly once per entry into its state (callModel: thinking, describeCall: describing, offerCard: awaitingConfirmation, executeCall: executing) and never otherwise',
    check(step) {
      const label = step.event.label
      for (const [effect, state] of Object.entries(effectStates)) {
        const ran = step.effects.filter((e) => e.type === effect).length
        const entered = entries(step, state)
        if (ran !== entered)
          return `${effect} ran ${ran} times on ${label}, which entered ${state} ${entered} times`
      }
      for (const run of step.effects) {
        const why = effectInput(run)
        if (why !== undefined) return `${run.type} on ${label}: ${why}`
      }
      return tagsAgree(step.after)
    },
  },
  {
    id: 'I8',
    title:
      "a decision is taken exactly when it is for this run's live card, with its digest, says what its event says, and comes from one who may make it (the clock only by EXPIRE, and only from the deadline on); an edit exactly when it is prepared for the card's own call",
    check(step, before, _after, context) {
      const { event } = step
      if (!['CONFIRM', 'DENY', 'EXPIRE', 'EDIT', 'RECOVER'].includes(event.type)) return undefined
      const taken = decisionAccepted(step)
      const why = refusalBySpec(step, before, context)
      if (taken && why !== undefined) return `${event.label} was taken, though ${why}`
      if (!taken && why === undefined) return `${event.label} was refused, though it is valid`
      if (taken && event.type === 'CONFIRM' && approvalCounted(step)) {
        // An approval short of the quorum is logged as one, by whom, and resolves nothing.
        const approved = newLogEntries(step).filter((e) => e.kind === 'confirmationApproved')
        const said = approved.map((e) => `${e.confirmationId} approved by ${e.decider?.id}`)
        const by = event.decision.by
        const meant = `${event.decision.confirmationId} approved by ${by.kind === 'user' ? by.id : by.kind}`
        if (said.join() !== meant) return `${event.label} logged [${said}], not ${meant}`
        return undefined
      }
      if (taken && (event.type === 'CONFIRM' || event.type === 'DENY' || event.type === 'EXPIRE')) {
        const { decision } = event.decision
        const resolved = newLogEntries(step).filter((e) => e.kind === 'confirmationResolved')
        const said = resolved.map((e) => `${e.confirmationId} ${e.decision} by ${e.decidedBy}`)
        const meant = `${event.decision.confirmationId} ${decision} by ${decidedByName(event.decision.by)}`
        if (said.join() !== meant) return `${event.label} logged [${said}], not ${meant}`
      }
      return undefined
    },
  },
  {
    id: 'I9',
    title:
      "every card shows what was described for its own call (a tool with a describe step always shows one, an edit's card the edit's), and its digest binds the call to the target it shows",
    check(step, _before, after) {
      for (const card of newLogEntries(step)) {
        if (card.kind !== 'confirmationRequired') continue
        const callId = card.toolCallId ?? ''
        const current = step.after.context.current
        const prepared = current?.prepared
        if (prepared === undefined || current?.call.id !== callId)
          return `card ${card.confirmationId} is not for the current call`
        const shown = JSON.stringify(card.description ?? null)
        const delivered = JSON.stringify(after.described.get(callId) ?? null)
        if (shown !== delivered)
          return `card ${card.confirmationId} shows ${shown}; what was described for ${callId} is ${delivered}`
        if (prepared.describes && card.description === undefined)
          return `card ${card.confirmationId} of ${prepared.name} shows no description, though the tool describes its calls`
        const digest = cardDigest(prepared.digest, card.description?.target)
        if (card.digest !== digest || step.after.context.pending?.digest !== digest)
          return `card ${card.confirmationId} is decided by ${card.digest}, not the digest binding its call to the target it shows`
      }
      return undefined
    },
  },
  {
    id: 'I10',
    title:
      "under the host's approval rules an approval counts exactly when they say it does (once per person, short of the quorum): it is kept on the card, which stays open under the same id",
    check(step, before, _after, context) {
      const { event } = step
      if (context.hosted === undefined || event.type !== 'CONFIRM') return undefined
      if (refusalBySpec(step, before, context) !== undefined) return undefined
      const id = event.decision.confirmationId
      const issued = before.issued.get(id)
      if (issued === undefined) return undefined
      const verdict = hostedVerdict(context, issued, event.decision)
      const counted = approvalCounted(step)
      if (counted !== (verdict === 'counts'))
        return `${event.label} was ${counted ? '' : 'not '}counted toward a quorum, though the rules say ${JSON.stringify(verdict)}`
      if (!counted) return undefined
      const { value, context: run } = step.after
      if (value !== 'awaitingConfirmation' || run.pending?.confirmationId !== id)
        return `after the counted ${event.label} the run is ${String(value)}, not waiting on ${id}`
      const by = event.decision.by
      const approvers = (run.pending.approvals ?? []).map((p) => p.id)
      const expected = [...issued.approvals, by.kind === 'user' ? by.id : by.kind]
      if (approvers.join() !== expected.join())
        return `the card holds approvals [${approvers}] after ${event.label}, not [${expected}]`
      return undefined
    },
  },
]
