import type { CardEdit, PreparingRegistry } from '../../../machines/agentRunTypes.ts'
import type { DecidedBy, Decision } from '../../../vocabulary/Decision.ts'
import { describedEdit } from './explorerDescriptions.ts'
import type { ExplorerEvent, RunSnapshot } from './explorerTypes.ts'
import { modelToolNames } from './modelRegistry.ts'

/** What the alphabet needs from outside the run: another run's card, and the runtime's registry. */
export interface AlphabetWorld {
  /** A card another run of the same machine waits on. */
  otherRun: { runId: string; confirmationId: string; digest: string }
  /** The registry the runtime prepares an edited call with (once, before the chart sees it). */
  tools: PreparingRegistry
  /** The explorer's base time: every step but an expiry offered at another time happens then. */
  baseTime: Date
  /** The run is under the host's approval rules: every person of `hosted.ts` decides too. */
  hosted?: true
  /** Offer a person's Undo (`UNDO`) in every state, once per run (see `Configuration.undo`). */
  undo?: true
  /** Offer the store's refusal of an allowed call's decision (`NOT_SAVED`), for the first card. */
  refusals?: true
}

/** An id no run ever issued. */
export const neverIssuedId = 'confirmation-never-issued'

/** Ids this run issued earlier that are not the one it waits for now, newest last (its retired ids). */
export function earlierIds(snapshot: RunSnapshot): string[] {
  const pending = snapshot.context.pending?.confirmationId
  return snapshot.context.retiredConfirmationIds.filter((id) => id !== pending)
}

// Valid replacement arguments per tool, for EDIT.
const editedArgs: Record<string, string> = {
  [modelToolNames.read]: '{}',
  [modelToolNames.write]: '{"text":"edited"}',
  [modelToolNames.destructive]: '{"id":"n2"}',
  [modelToolNames.execute]: '{"command":"pwd"}',
}

const recovered = { ok: true as const, data: { recovered: true } }

// A digest of the right form that no call here has.
const anyDigest = 'e'.repeat(64)
const staleDigest = 'f'.repeat(64)

// The digest of the card shown now, so a foreign id is refused for its id alone.
const snapshotDigest = (snapshot: RunSnapshot) => snapshot.context.pending?.digest ?? anyDigest

const person: DecidedBy = { kind: 'user', id: 'u-1', name: 'Ada' }
const rule: DecidedBy = { kind: 'rule', rule: 'allow write_note for this run (rule p-1)' }
const clock: DecidedBy = { kind: 'timeout' }
const aYear = 365 * 24 * 3600 * 1000

type DecisionType = 'CONFIRM' | 'DENY' | 'EXPIRE'

// One decision event. The type is the one the runtime sends for such a decision (allow by a
// person or a rule: CONFIRM; deny: DENY; by the clock: EXPIRE) unless the label says "forged".
function decide(type: DecisionType, label: string, decision: Decision, at?: Date): ExplorerEvent {
  return { type, decision, label, ...(at !== undefined && { at }) }
}

// An edit as the runtime makes it: the edited call prepared once with the registry and, if its
// tool describes calls, described again (`undescribed`: as a broken runtime would send it);
// undefined if the registry refuses the arguments (then the runtime refuses the edit before the chart).
function editOf(
  world: AlphabetWorld,
  fields: Omit<CardEdit, 'prepared'>,
  call: { id: string; name: string; arguments: string },
  undescribed = false,
): CardEdit | undefined {
  let prepared: CardEdit['prepared']
  try {
    prepared = world.tools.prepare(call.id, call.name, call.arguments)
  } catch {
    return undefined
  }
  const described = prepared.describes && !undescribed
  return { ...fields, prepared, ...(described && { description: describedEdit }) }
}

function edit(label: string, value: CardEdit | undefined): ExplorerEvent[] {
  return value === undefined ? [] : [{ type: 'EDIT', edit: value, label }]
}

/** Every decision and edit on the card the run waits on: right and wrong in every field. */
export function decisionsOnTheCard(snapshot: RunSnapshot, world: AlphabetWorld): ExplorerEvent[] {
  const { pending, current, runId } = snapshot.context
  if (pending === undefined) return []
  const card = { runId, confirmationId: pending.confirmationId, digest: pending.digest }
  const allow = { ...card, decision: 'allow' as const, by: person }
  const deny = { ...card, decision: 'deny' as const, by: person }
  const expire = { ...card, decision: 'deny' as const, by: clock }
  const other = { runId: world.otherRun.runId }
  const { digest: _omitted, ...undigested } = allow
  const deadline = pending.expiresAt === undefined ? undefined : Date.parse(pending.expiresAt)
  const expiries =
    deadline === undefined
      ? [
          decide('EXPIRE', 'EXPIRE the card (it has no deadline)', expire),
          decide(
            'EXPIRE',
            'EXPIRE the card a year later (no deadline)',
            expire,
            new Date(world.baseTime.getTime() + aYear),
          ),
        ]
      : [
          decide(
            'EXPIRE',
            'EXPIRE the card 1 ms before its deadline',
            expire,
            new Date(deadline - 1),
          ),
          decide('EXPIRE', 'EXPIRE the card at its deadline', expire, new Date(deadline)),
          decide(
            'EXPIRE',
            'EXPIRE the card 1 ms after its deadline',
            expire,
            new Date(deadline + 1),
          ),
          decide(
            'EXPIRE',
            "EXPIRE the card at its deadline, another run's id",
            { ...expire, ...other },
            new Date(deadline),
          ),
          decide(
            'EXPIRE',
            'EXPIRE the card at its deadline, stale digest',
            { ...expire, digest: staleDigest },
            new Date(deadline),
          ),
          // Forged: a person cannot expire a card, even once its time is up.
          decide(
            'EXPIRE',
            'EXPIRE the card at its deadline, forged: by a person',
            { ...expire, by: person },
            new Date(deadline),
          ),
        ]
  const call = current?.call
  const name = call?.name ?? modelToolNames.write
  const anotherTool =
    name === modelToolNames.write ? modelToolNames.destructive : modelToolNames.write
  const editFields = { runId, confirmationId: pending.confirmationId, by: person }
  const callId = call?.id ?? 'no-current-call'
  return [
    decide('CONFIRM', 'CONFIRM the card', allow),
    decide('CONFIRM', 'CONFIRM the card, kept as a rule for the run', {
      ...allow,
      remember: 'run',
    }),
    decide('CONFIRM', 'CONFIRM the card by a rule', { ...allow, by: rule }),
    // A decision without the digest is malformed: the type forbids it, the guard must too.
    decide('CONFIRM', 'CONFIRM the card, no digest', undigested as Decision),
    decide('CONFIRM', 'CONFIRM the card, stale digest', { ...allow, digest: staleDigest }),
    // The call's own digest, without the target the card showed: refused when the card showed one.
    ...(current?.prepared === undefined || current.prepared.digest === pending.digest
      ? []
      : [
          decide('CONFIRM', "CONFIRM the card, the call's digest without its target", {
            ...allow,
            digest: current.prepared.digest,
          }),
        ]),
    decide('CONFIRM', "CONFIRM the card, another run's id", { ...allow, ...other }),
    // Forged: the event says allow, the decision it carries says deny.
    decide('CONFIRM', 'CONFIRM the card, forged: carrying a deny', deny),
    decide('DENY', 'DENY the card', deny),
    decide('DENY', 'DENY the card, kept as a rule always', { ...deny, remember: 'always' }),
    decide('DENY', 'DENY the card by a rule', { ...deny, by: rule }),
    decide('DENY', 'DENY the card, stale digest', { ...deny, digest: staleDigest }),
    decide('DENY', "DENY the card, another run's id", { ...deny, ...other }),
    ...expiries,
    ...edit(
      'EDIT the card',
      editOf(world, editFields, { id: callId, name, arguments: editedArgs[name] ?? '{}' }),
    ),
    ...(current?.prepared?.describes === true
      ? edit(
          'EDIT the card, not described again',
          editOf(
            world,
            editFields,
            { id: callId, name, arguments: editedArgs[name] ?? '{}' },
            true,
          ),
        )
      : []),
    ...edit(
      'EDIT the card, prepared for another call id',
      editOf(world, editFields, {
        id: `${callId}-other`,
        name,
        arguments: editedArgs[name] ?? '{}',
      }),
    ),
    ...edit(
      'EDIT the card, prepared for another tool',
      editOf(world, editFields, {
        id: callId,
        name: anotherTool,
        arguments: editedArgs[anotherTool] ?? '{}',
      }),
    ),
    ...edit(
      "EDIT the card, another run's id",
      editOf(
        world,
        { ...editFields, ...other },
        { id: callId, name, arguments: editedArgs[name] ?? '{}' },
      ),
    ),
    {
      type: 'RECOVER',
      confirmationId: pending.confirmationId,
      result: recovered,
      label: 'RECOVER the card',
    },
  ]
}

/** Decisions, edits and recoveries naming a card that is not the one the run waits on. */
export function decisionsOffTheCard(snapshot: RunSnapshot, world: AlphabetWorld): ExplorerEvent[] {
  const { runId, current } = snapshot.context
  const digest = snapshotDigest(snapshot)
  const later = new Date(world.baseTime.getTime() + aYear)
  const call = current?.call ?? { id: 'no-current-call', name: modelToolNames.write }
  const editArgs = { id: call.id, name: call.name, arguments: editedArgs[call.name] ?? '{}' }
  const named = (what: string, confirmationId: string, decisionRunId = runId): ExplorerEvent[] => {
    const fields = { runId: decisionRunId, confirmationId, digest }
    return [
      decide('CONFIRM', `CONFIRM ${what}`, { ...fields, decision: 'allow', by: person }),
      decide('DENY', `DENY ${what}`, { ...fields, decision: 'deny', by: person }),
      decide(
        'EXPIRE',
        `EXPIRE ${what} a year later`,
        { ...fields, decision: 'deny', by: clock },
        later,
      ),
      ...edit(
        `EDIT ${what}`,
        editOf(world, { runId: decisionRunId, confirmationId, by: person }, editArgs),
      ),
      { type: 'RECOVER', confirmationId, result: recovered, label: `RECOVER ${what}` },
    ]
  }
  const used = earlierIds(snapshot).at(-1)
  const { otherRun } = world
  return [
    ...(used === undefined ? [] : named('a used id', used)),
    ...named('a never issued id', neverIssuedId),
    ...named("the other run's id as this run's", otherRun.confirmationId),
    decide('CONFIRM', "CONFIRM the other run's card", {
      ...otherRun,
      decision: 'allow',
      by: person,
    }),
  ]
}

/**
 * Forged decisions by the clock on the card: a CONFIRM or DENY that says the clock decided. The
 * runtime never sends them (the clock decides through EXPIRE), and the chart must refuse them.
 */
export function clockAsDecider(snapshot: RunSnapshot): ExplorerEvent[] {
  const { pending, runId } = snapshot.context
  if (pending === undefined) return []
  const card = { runId, confirmationId: pending.confirmationId, digest: pending.digest, by: clock }
  return [
    decide('CONFIRM', 'CONFIRM the card, forged: by the clock', { ...card, decision: 'allow' }),
    decide('DENY', 'DENY the card, forged: by the clock', { ...card, decision: 'deny' }),
  ]
}
