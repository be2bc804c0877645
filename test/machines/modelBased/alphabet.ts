import type { ModelTurn, ToolCall } from '../../../vocabulary/ChatMessage.ts'
import type { ExplorerEvent, RunSnapshot } from './explorerTypes.ts'
import { modelToolNames } from './modelRegistry.ts'

/** What the alphabet needs from outside the run: an id that another run issued. */
export interface AlphabetWorld {
  otherRunConfirmationId: string
}

/** An id no run ever issued. */
export const neverIssuedId = 'confirmation-never-issued'

const args = {
  read: '{}',
  write: '{"text":"hello"}',
  destructive: '{"id":"n1"}',
  execute: '{"command":"ls"}',
} as const

// Fresh call ids: the log only grows, so a prefix from its last seq is never reused by a later turn.
function callsFor(snapshot: RunSnapshot): Record<string, ToolCall[]> {
  const p = `c${snapshot.context.lastSeq}`
  const call = (suffix: string, name: string, text: string): ToolCall => ({
    id: `${p}-${suffix}`,
    name,
    arguments: text,
  })
  const turns: Record<string, ToolCall[]> = {
    read: [call('read', modelToolNames.read, args.read)],
    write: [call('write', modelToolNames.write, args.write)],
    destructive: [call('destructive', modelToolNames.destructive, args.destructive)],
    execute: [call('execute', modelToolNames.execute, args.execute)],
    'invalid arguments': [call('invalid', modelToolNames.write, '{"nope":1}')],
    'unknown tool': [call('unknown', 'no_such_tool', '{}')],
    'several calls': [
      call('m1', modelToolNames.write, args.write),
      call('m2', modelToolNames.read, args.read),
      call('m3', modelToolNames.execute, args.execute),
    ],
  }
  const lastResult = snapshot.context.messages.findLast((m) => m.role === 'tool')
  if (lastResult?.role === 'tool') {
    turns['reused call id'] = [
      { id: lastResult.toolCallId, name: modelToolNames.write, arguments: args.write },
    ]
  }
  return turns
}

function modelOutcomes(snapshot: RunSnapshot): ExplorerEvent[] {
  const done = (label: string, turn: ModelTurn): ExplorerEvent => ({
    type: 'MODEL_DONE',
    turn,
    label: `model: ${label}`,
  })
  return [
    done('final text', { text: 'All done.' }),
    ...Object.entries(callsFor(snapshot)).map(([label, toolCalls]) => done(label, { toolCalls })),
    {
      type: 'MODEL_FAILED',
      error: Object.assign(new Error('model down'), { code: 'model_unavailable' }),
      label: 'model: error',
    },
  ]
}

function toolOutcomes(snapshot: RunSnapshot): ExplorerEvent[] {
  const callId = snapshot.context.current?.call.id ?? 'no-current-call'
  return [
    { type: 'TOOL_DONE', callId, result: { ok: true, data: {} }, label: 'tool: ok' },
    {
      type: 'TOOL_DONE',
      callId,
      result: { ok: false, error: { code: 'task_not_found', message: 'gone' } },
      label: 'tool: failed',
    },
    { type: 'TOOL_DONE', callId, result: 42, label: 'tool: invalid result' },
    { type: 'TOOL_FAILED', callId, error: new Error('tool crashed'), label: 'tool: crash' },
  ]
}

// Answers the runtime might deliver late or for the wrong call: every state must ignore them.
function strayAnswers(): ExplorerEvent[] {
  return [
    { type: 'MODEL_DONE', turn: { text: 'late answer' }, label: 'stray: model answer' },
    {
      type: 'TOOL_DONE',
      callId: 'a-call-that-is-not-current',
      result: { ok: true, data: {} },
      label: 'stray: tool result for another call',
    },
  ]
}

/** Ids this run issued earlier that are not the one it waits for now, newest last (its retired ids). */
export function earlierIds(snapshot: RunSnapshot): string[] {
  const pending = snapshot.context.pending?.confirmationId
  return snapshot.context.retiredConfirmationIds.filter((id) => id !== pending)
}

// Valid replacement arguments per tool, for EDIT.
const editedArgs: Record<string, string> = {
  [modelToolNames.write]: '{"text":"edited"}',
  [modelToolNames.destructive]: '{"id":"n2"}',
  [modelToolNames.execute]: '{"command":"pwd"}',
}

const recovered = { ok: true as const, data: { recovered: true } }

// A digest of the right form that no call here has.
const anyDigest = 'e'.repeat(64)

// The digest of the card shown now, so a foreign id is refused for its id alone.
const snapshotDigest = (snapshot: RunSnapshot) => snapshot.context.pending?.digest ?? anyDigest

function userDecisions(snapshot: RunSnapshot, world: AlphabetWorld): ExplorerEvent[] {
  const events: ExplorerEvent[] = []
  const { pending, current } = snapshot.context
  if (pending !== undefined) {
    const id = pending.confirmationId
    const digest = pending.digest
    const edit = editedArgs[current?.call.name ?? ''] ?? '{}'
    events.push(
      { type: 'CONFIRM', confirmationId: id, digest, label: 'CONFIRM pending id' },
      // A decision without the digest is malformed: the type forbids it, the guard must too.
      {
        type: 'CONFIRM',
        confirmationId: id,
        label: 'CONFIRM pending id, no digest',
      } as unknown as ExplorerEvent,
      {
        type: 'CONFIRM',
        confirmationId: id,
        digest: 'f'.repeat(64),
        label: 'CONFIRM pending id, stale digest',
      },
      {
        type: 'CONFIRM',
        confirmationId: id,
        digest,
        decidedBy: 'policy',
        rule: 'auto',
        label: 'CONFIRM pending id by policy',
      },
      { type: 'DENY', confirmationId: id, digest, label: 'DENY pending id' },
      {
        type: 'DENY',
        confirmationId: id,
        digest,
        decidedBy: 'policy',
        rule: 'never',
        label: 'DENY pending id by policy',
      },
      { type: 'EDIT', confirmationId: id, arguments: edit, label: 'EDIT pending id' },
      {
        type: 'EDIT',
        confirmationId: id,
        arguments: '{"nope":1}',
        label: 'EDIT pending id, invalid arguments',
      },
      { type: 'EXPIRE', confirmationId: id, label: 'EXPIRE pending id' },
      { type: 'RECOVER', confirmationId: id, result: recovered, label: 'RECOVER pending id' },
    )
  }
  const used = earlierIds(snapshot).at(-1)
  if (used !== undefined) {
    events.push(
      { type: 'CONFIRM', confirmationId: used, digest: anyDigest, label: 'CONFIRM used id' },
      { type: 'DENY', confirmationId: used, digest: anyDigest, label: 'DENY used id' },
      {
        type: 'EDIT',
        confirmationId: used,
        arguments: editedArgs[modelToolNames.write] ?? '{}',
        label: 'EDIT used id',
      },
      { type: 'EXPIRE', confirmationId: used, label: 'EXPIRE used id' },
      { type: 'RECOVER', confirmationId: used, result: recovered, label: 'RECOVER used id' },
    )
  }
  events.push(
    {
      type: 'CONFIRM',
      confirmationId: neverIssuedId,
      digest: anyDigest,
      label: 'CONFIRM wrong id',
    },
    {
      type: 'CONFIRM',
      confirmationId: world.otherRunConfirmationId,
      digest: snapshotDigest(snapshot),
      label: "CONFIRM other run's id",
    },
    { type: 'DENY', confirmationId: neverIssuedId, digest: anyDigest, label: 'DENY wrong id' },
    { type: 'EDIT', confirmationId: neverIssuedId, arguments: '{}', label: 'EDIT wrong id' },
    { type: 'EXPIRE', confirmationId: neverIssuedId, label: 'EXPIRE wrong id' },
    {
      type: 'RECOVER',
      confirmationId: neverIssuedId,
      result: recovered,
      label: 'RECOVER wrong id',
    },
  )
  return events
}

// Delayed transitions of the active states fire as events; read from the definition, so new
// timers are explored without changing this file.
function timers(snapshot: RunSnapshot): ExplorerEvent[] {
  const types = new Set(snapshot._nodes.flatMap((node) => node.after.map((t) => t.eventType)))
  return [...types].map((type) => ({
    type: type as `xstate.after.${string}`,
    label: `timer: ${type.split('.')[2]}`,
  }))
}

/**
 * Every event that can reach a run in this snapshot. The runtime's model and tool answers are
 * offered in the state that asks for them, stray ones everywhere; timers only while their state
 * is active (XState cancels them on exit); user commands are always offered.
 */
export function runAlphabet(snapshot: RunSnapshot, world: AlphabetWorld): ExplorerEvent[] {
  return [
    ...(snapshot.value === 'thinking' ? modelOutcomes(snapshot) : []),
    ...(snapshot.value === 'executing' ? toolOutcomes(snapshot) : []),
    ...strayAnswers(),
    ...timers(snapshot),
    ...userDecisions(snapshot, world),
    { type: 'CANCEL', reason: 'user left', label: 'CANCEL' },
    { type: 'USER_INPUT', text: 'and now?', label: 'USER_INPUT' },
  ]
}

/** The event with `label` in this snapshot's alphabet; throws if the snapshot does not offer it. */
export function resolveLabel(
  snapshot: RunSnapshot,
  world: AlphabetWorld,
  label: string,
): ExplorerEvent {
  const event = runAlphabet(snapshot, world).find((e) => e.label === label)
  if (event === undefined)
    throw new Error(`the alphabet offers no "${label}" in ${String(snapshot.value)}`)
  return event
}
