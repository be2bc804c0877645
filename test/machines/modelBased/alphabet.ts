import { undoProposal } from '../../../machines/proposeCall.ts'
import type { ModelTurn, ToolCall } from '../../../vocabulary/ChatMessage.ts'
import {
  type AlphabetWorld,
  clockAsDecider,
  decisionsOffTheCard,
  decisionsOnTheCard,
} from './decisionAlphabet.ts'
import {
  describedOtherCall,
  describedWithoutTarget,
  describedWithTarget,
} from './explorerDescriptions.ts'
import type { ExplorerEvent, RunSnapshot } from './explorerTypes.ts'
import { hostedDecisions } from './hosted.ts'
import { gatewayToolName, modelToolNames } from './modelRegistry.ts'

const args = {
  read: '{}',
  write: '{"text":"hello"}',
  destructive: '{"id":"n1"}',
  execute: '{"command":"ls"}',
  gateway: '{"path":"/study/notes.txt","content":"hello"}',
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
    // The MCP gateway's turn: the one call a client sent, to an upstream server's tool.
    'gateway call': [call('gateway', gatewayToolName, args.gateway)],
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

// What the `callModel` effect answers.
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

// What the `describeCall` effect answers: the target read at a version, or no target (unreadable).
function describeOutcomes(snapshot: RunSnapshot): ExplorerEvent[] {
  const callId = snapshot.context.current?.call.id ?? 'no-current-call'
  return [
    { type: 'DESCRIBED', callId, description: describedWithTarget, label: 'described: a target' },
    {
      type: 'DESCRIBED',
      callId,
      description: describedWithoutTarget,
      label: 'described: no target',
    },
  ]
}

// What the `executeCall` effect answers.
function toolOutcomes(snapshot: RunSnapshot, world: AlphabetWorld): ExplorerEvent[] {
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
    // The store refused the decision's commit: nothing ran, the card comes back. Offered while
    // the run's first card is the only one retired: again later explores the same card again.
    ...(world.refusals === true && snapshot.context.retiredConfirmationIds.length <= 1
      ? [{ type: 'NOT_SAVED' as const, callId, error: new Error('busy'), label: 'tool: not saved' }]
      : []),
  ]
}

// Answers an effect might deliver late, twice, or for the wrong call: every state must ignore
// them (a tool answer for the current call only counts while it executes).
function strayAnswers(snapshot: RunSnapshot): ExplorerEvent[] {
  const stray: ExplorerEvent[] = [
    { type: 'MODEL_DONE', turn: { text: 'late answer' }, label: 'stray: model answer' },
    { type: 'MODEL_FAILED', error: new Error('late failure'), label: 'stray: model failure' },
    {
      type: 'TOOL_DONE',
      callId: 'a-call-that-is-not-current',
      result: { ok: true, data: {} },
      label: 'stray: tool result for another call',
    },
    {
      type: 'TOOL_FAILED',
      callId: 'a-call-that-is-not-current',
      error: new Error('late crash'),
      label: 'stray: tool crash for another call',
    },
    {
      type: 'NOT_SAVED',
      callId: 'a-call-that-is-not-current',
      error: new Error('late refusal'),
      label: 'stray: refusal for another call',
    },
    {
      type: 'DESCRIBED',
      callId: 'a-call-that-is-not-current',
      description: describedOtherCall,
      label: 'stray: description of another call',
    },
  ]
  const current = snapshot.context.current?.call.id
  if (current !== undefined && snapshot.value !== 'executing') {
    stray.push({
      type: 'TOOL_DONE',
      callId: current,
      result: { ok: true, data: {} },
      label: 'stray: tool result for the current call, not executing',
    })
  }
  // A description that comes late (the card is already shown, or the call is executing) changes nothing.
  if (current !== undefined && snapshot.value !== 'describing') {
    stray.push({
      type: 'DESCRIBED',
      callId: current,
      description: describedOtherCall,
      label: 'stray: description of the current call, not describing',
    })
  }
  return stray
}

/**
 * Every event that can reach a run in this snapshot: the effects' answers in the state whose
 * effect asks for them (the model's, a description, a tool's), stray and late answers everywhere, every decision and edit (right and wrong in each
 * field, the clock's before and after the deadline), and the user's commands.
 */
export function runAlphabet(snapshot: RunSnapshot, world: AlphabetWorld): ExplorerEvent[] {
  return [
    ...(snapshot.value === 'thinking' ? modelOutcomes(snapshot) : []),
    ...(snapshot.value === 'describing' ? describeOutcomes(snapshot) : []),
    ...(snapshot.value === 'executing' ? toolOutcomes(snapshot, world) : []),
    ...strayAnswers(snapshot),
    ...decisionsOnTheCard(snapshot, world),
    ...(world.hosted ? hostedDecisions(snapshot) : []),
    ...clockAsDecider(snapshot),
    ...decisionsOffTheCard(snapshot, world),
    { type: 'CANCEL', reason: 'user left', label: 'CANCEL' },
    { type: 'USER_INPUT', text: 'and now?', label: 'USER_INPUT' },
    // A person's Undo: only a run waiting for input takes it, and only as a new card. Once per
    // run: a second undo explores the same card again at the price of another whole turn.
    ...(world.undo && !undoProposed(snapshot)
      ? [{ ...undoProposal('change-1'), label: 'UNDO' }]
      : []),
  ]
}

function undoProposed(snapshot: RunSnapshot): boolean {
  return snapshot.context.messages.some(
    (m) => m.role === 'assistant' && m.toolCalls?.some((call) => call.name === 'undo_change'),
  )
}
