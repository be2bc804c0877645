import { effectTags, type RunEffect } from '../../../machines/agentRunMachine.ts'
import type { AgentRunContext } from '../../../machines/agentRunTypes.ts'
import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import { decidedByName } from '../../../vocabulary/Decision.ts'
import type { EffectRun, ExplorerEvent, RunSnapshot, RunStep } from './explorerTypes.ts'
import { answeredId, decisionAccepted, type Ledger, latestIdFor, newLogEntries } from './ledger.ts'

/** What an invariant may use besides the step: the registry and a side-probe of the machine. */
export interface InvariantContext {
  registry: Pick<ToolRegistry, 'permissionOf'>
  /** Takes one extra transition from `snapshot` (not part of the explored path). */
  probe(snapshot: RunSnapshot, event: ExplorerEvent): RunStep
}

/** One property every step of every explored path must keep. */
export interface Invariant {
  id: string
  title: string
  /** A description of the violation, or undefined when the step keeps the property. */
  check(step: RunStep, before: Ledger, after: Ledger, context: InvariantContext): string | undefined
}

/**
 * How many times the step's microsteps entered the state with this key: a transition to it from
 * elsewhere, or back to itself with `reenter` (an internal self-transition runs no entry action).
 */
export function entries(step: RunStep, key: string): number {
  let n = 0
  for (const t of step.transitions)
    for (const node of t.target ?? []) if (node.key === key && (node !== t.source || t.reenter)) n++
  return n
}

/** Whether the step's microsteps entered the state with this key. */
export function enters(step: RunStep, key: string): boolean {
  return entries(step, key) > 0
}

/** The state each effect belongs to: it runs on entering it, and only then. */
export const effectStates = {
  callModel: 'thinking',
  offerCard: 'awaitingConfirmation',
  executeCall: 'executing',
} as const satisfies Record<RunEffect, string>

const isNonRead = (context: InvariantContext, run: AgentRunContext): boolean => {
  const current = run.current
  if (current === undefined) return true
  // The registry's word and the prepared call's must both say read; either saying otherwise counts.
  return (
    context.registry.permissionOf(current.call.name) !== 'read' ||
    current.prepared?.permission !== 'read'
  )
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
  awaitingConfirmation: (s) => {
    const { pending, current } = s.context
    if (pending === undefined) return 'awaiting confirmation with no pending confirmation'
    const prepared = current?.prepared
    if (
      prepared === undefined ||
      pending.callId !== prepared.callId ||
      pending.digest !== prepared.digest
    )
      return 'awaiting a confirmation that is not for the current call'
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
      if ((value === 'awaitingConfirmation' || value === 'executing') && c.current !== undefined)
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
      'each effect runs exactly once per entry into its state (callModel: thinking, offerCard: awaitingConfirmation, executeCall: executing) and never otherwise',
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
      "a decision is taken exactly when it is for this run's live card, with its digest, says what its event says, and comes from one who may make it (the clock only, and only from the deadline on); an edit exactly when it is prepared for the card's own call",
    check(step, before, _after, context) {
      const { event } = step
      if (!['CONFIRM', 'DENY', 'EXPIRE', 'EDIT', 'RECOVER'].includes(event.type)) return undefined
      const taken = decisionAccepted(step)
      const why = refusalBySpec(step, before, context)
      if (taken && why !== undefined) return `${event.label} was taken, though ${why}`
      if (!taken && why === undefined) return `${event.label} was refused, though it is valid`
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
]

/** Why the effect on the initial snapshot is wrong: entering the first state runs its effect, once. */
export function checkInitialEffects(
  effects: EffectRun[],
  initial: RunSnapshot,
): string | undefined {
  for (const [effect, state] of Object.entries(effectStates)) {
    const ran = effects.filter((e) => e.type === effect).length
    const entered = initial.value === state ? 1 : 0
    if (ran !== entered)
      return `${effect} ran ${ran} times as the run started in ${String(initial.value)}`
  }
  for (const run of effects) {
    const why = effectInput(run)
    if (why !== undefined) return `${run.type} at the start: ${why}`
  }
  return tagsAgree(initial)
}

// Why a call may not execute with this context now, or undefined if it may.
function allowedToExecute(
  step: RunStep,
  before: Ledger,
  context: InvariantContext,
  run: AgentRunContext,
): string | undefined {
  const prepared = run.current?.prepared
  if (prepared === undefined) return `executed on ${step.event.label} without a prepared call`
  if (!isNonRead(context, run)) return undefined
  const { event } = step
  if (event.type !== 'CONFIRM')
    return `non-read ${prepared.name} executed on ${event.label}, not on CONFIRM`
  const { confirmationId, digest, decision, by, runId } = event.decision
  if (decision !== 'allow') return `a CONFIRM carrying ${decision} executed ${prepared.name}`
  if (runId !== step.before.context.runId)
    return `a decision for run ${runId} executed a call of run ${step.before.context.runId}`
  const issued = before.issued.get(confirmationId)
  if (issued === undefined) return `CONFIRM ${confirmationId} was never issued`
  if (issued.state !== 'live') return `CONFIRM ${confirmationId} was already ${issued.state}`
  if (issued.callId !== prepared.callId || issued.digest !== prepared.digest)
    return `CONFIRM ${confirmationId} was issued for another call`
  if (digest !== issued.digest) return `CONFIRM ${confirmationId} carried a digest of another card`
  if (latestIdFor(before, prepared.callId) !== confirmationId)
    return `CONFIRM ${confirmationId} is not the latest id issued for ${prepared.callId}`
  if (by.kind === 'timeout') return `the clock allowed ${prepared.name}`
  // A rule may stand in for the user on write tools only.
  if (by.kind === 'rule' && context.registry.permissionOf(prepared.name) !== 'write')
    return `a rule allowed ${prepared.name}, which is not a write tool`
  // The card is closed, and the call carries the confirmation that allowed it, before it runs.
  if (run.pending !== undefined) return `${prepared.name} executed while a card is still open`
  if (run.current?.confirmationId !== confirmationId)
    return `${prepared.name} executed without the confirmation ${confirmationId} that allowed it`
  return undefined
}

// Why a decision, edit or recovery must be refused, by the explorer's own account (the ledger of
// ids the log issued, the registry's permissions, the step's time); undefined if it must be taken.
function refusalBySpec(
  step: RunStep,
  before: Ledger,
  context: InvariantContext,
): string | undefined {
  const { event } = step
  const runId = step.before.context.runId
  if (step.before.status !== 'active') return 'the run has ended'
  const id = answeredId(event) ?? ''
  const issued = before.issued.get(id)
  if (issued === undefined) return `${id} was never issued`
  if (issued.state !== 'live') return `${id} is ${issued.state}`
  if (event.type === 'RECOVER') return undefined
  if (event.type === 'EDIT') {
    const { prepared } = event.edit
    if (event.edit.runId !== runId) return `the edit is for run ${event.edit.runId}`
    if (prepared.callId !== issued.callId || prepared.name !== issued.toolName)
      return `the edit is prepared for ${prepared.name} ${prepared.callId}, the card is for ${issued.toolName} ${issued.callId}`
    return undefined
  }
  if (event.type !== 'CONFIRM' && event.type !== 'DENY' && event.type !== 'EXPIRE')
    return 'no decision'
  const { decision, by, digest } = event.decision
  if (event.decision.runId !== runId) return `the decision is for run ${event.decision.runId}`
  if (digest !== issued.digest) return `it carries digest ${String(digest)}, not the card's`
  if (decision !== (event.type === 'CONFIRM' ? 'allow' : 'deny'))
    return `a ${event.type} carries ${decision}`
  if (event.type === 'EXPIRE') {
    if (by.kind !== 'timeout') return `a ${by.kind} cannot expire a card`
    if (issued.expiresAt === undefined) return 'the card has no deadline'
    if (Date.parse(issued.expiresAt) > step.at.getTime())
      return `it is ${step.at.toISOString()}, before the deadline ${issued.expiresAt}`
    return undefined
  }
  if (by.kind === 'timeout') return 'the clock decides only by expiring a card'
  if (
    by.kind === 'rule' &&
    decision === 'allow' &&
    context.registry.permissionOf(issued.toolName) !== 'write'
  )
    return `a rule cannot allow ${issued.toolName}`
  return undefined
}

// Why an effect was given a context it cannot do its work with, or undefined.
function effectInput(run: EffectRun): string | undefined {
  const { pending, current, turns, maxTurns } = run.context
  if (run.type === 'callModel') {
    if (pending !== undefined || current !== undefined) return 'the model was called mid-call'
    if (turns > maxTurns) return `turn ${turns} is past the limit of ${maxTurns}`
    return undefined
  }
  if (run.type === 'offerCard') {
    const prepared = current?.prepared
    if (pending === undefined || prepared === undefined) return 'there is no card to offer'
    if (pending.callId !== prepared.callId || pending.digest !== prepared.digest)
      return 'the card is not for the current call'
    if (run.context.retiredConfirmationIds.includes(pending.confirmationId))
      return `the card ${pending.confirmationId} was already used`
    return undefined
  }
  return current?.prepared === undefined ? 'there is no prepared call' : undefined
}

// A restore runs the effect its state's tag names (no entry action runs then): the tags must say
// exactly which state runs which effect.
function tagsAgree(snapshot: RunSnapshot): string | undefined {
  for (const [tag, effect] of Object.entries(effectTags)) {
    const owns = snapshot.value === effectStates[effect]
    if (snapshot.hasTag(tag as keyof typeof effectTags) !== owns)
      return `${String(snapshot.value)} ${owns ? 'lacks' : 'has'} the tag ${tag} of ${effect}`
  }
  return undefined
}
