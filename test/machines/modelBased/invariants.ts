import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { ExplorerEvent, RunSnapshot, RunStep } from './explorerTypes.ts'
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

/** Whether the step's microsteps entered the state with this key. */
export function enters(step: RunStep, key: string): boolean {
  return step.transitions.some((t) => t.target?.some((node) => node.key === key) ?? false)
}

const isNonRead = (context: InvariantContext, snapshot: RunSnapshot): boolean => {
  const current = snapshot.context.current
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

/** The six invariants of the confirmation rule. */
export const invariants: readonly Invariant[] = [
  {
    id: 'I1',
    title: 'a non-read call executes only after CONFIRM with the id issued for that exact call',
    check(step, before, _after, context) {
      if (!enters(step, 'executing')) return undefined
      const prepared = step.after.context.current?.prepared
      if (prepared === undefined) return 'entered executing without a prepared call'
      if (!isNonRead(context, step.after)) return undefined
      const { event } = step
      if (event.type !== 'CONFIRM')
        return `non-read ${prepared.name} entered executing on ${event.label}, not on CONFIRM`
      const issued = before.issued.get(event.confirmationId)
      if (issued === undefined) return `CONFIRM ${event.confirmationId} was never issued`
      if (issued.state !== 'live')
        return `CONFIRM ${event.confirmationId} was already ${issued.state}`
      if (issued.callId !== prepared.callId || issued.digest !== prepared.digest)
        return `CONFIRM ${event.confirmationId} was issued for another call`
      if (event.digest !== undefined && event.digest !== issued.digest)
        return `CONFIRM ${event.confirmationId} carried a digest of another card`
      if (latestIdFor(before, prepared.callId) !== event.confirmationId)
        return `CONFIRM ${event.confirmationId} is not the latest id issued for ${prepared.callId}`
      // A policy may stand in for the user on write tools only.
      if (event.decidedBy === 'policy' && context.registry.permissionOf(prepared.name) !== 'write')
        return `a policy allowed ${prepared.name}, which is not a write tool`
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
          const probe = context.probe(step.after, {
            type,
            confirmationId: id,
            digest: entry.digest,
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
]
