import { produce } from 'immer'
import { assign, fromPromise, setup } from 'xstate'
import { ModelError } from '../models/ModelError.ts'
import type { ModelTurn } from '../models/messages.ts'
import type { PreparedTool } from '../tools/PreparedTool.ts'
import { type ToolResult, toolFailure, userDeniedResult } from '../tools/ToolResult.ts'
import type { RunStatus } from './AgentEvent.ts'
import type {
  AgentRunContext,
  AgentRunEvent,
  AgentRunInput,
  ModelCallInput,
  PreparingRegistry,
  ToolCallInput,
} from './agentRunTypes.ts'
import { prepareCall } from './prepareCall.ts'
import { recordEvent } from './recordEvent.ts'

/** What the run's pure transitions need: the registry to prepare calls, a clock and an id source. */
export interface AgentRunMachineDeps {
  tools: PreparingRegistry
  clock?: () => Date
  generateId?: () => string
}

/** The default number of model turns a run may take after one user message. */
export const defaultMaxTurns = 25

const notProvided = (what: string) => () =>
  Promise.reject(new ModelError('model_error', `no ${what} was provided to this run`))

/** Builds the agent-run statechart. Its model and tool actors are supplied with `.provide()`. */
export function createAgentRunMachine(deps: AgentRunMachineDeps) {
  const clock = deps.clock ?? (() => new Date())
  const generateId = deps.generateId ?? (() => crypto.randomUUID())

  return setup({
    types: {
      context: {} as AgentRunContext,
      events: {} as AgentRunEvent,
      input: {} as AgentRunInput,
    },
    actors: {
      callModel: fromPromise<ModelTurn, ModelCallInput>(notProvided('model')),
      executeTool: fromPromise<ToolResult, ToolCallInput>(notProvided('tool executor')),
    },
    guards: {
      turnHasToolCalls: (_, params: { turn: ModelTurn }) =>
        (params.turn.toolCalls?.length ?? 0) > 0,
      preparationFailed: ({ context }) => context.current?.result !== undefined,
      isReadCall: ({ context }) => context.current?.prepared?.permission === 'read',
      hasQueuedCalls: ({ context }) => context.queue.length > 0,
      stepLimitReached: ({ context }) => context.turns >= context.maxTurns,
      // The one gate to `executing` for non-read calls: the id issued for this exact call, unused.
      confirmationMatches: ({ context, event }) => {
        if (event.type !== 'CONFIRM' && event.type !== 'DENY') return false
        const { pending, current } = context
        return (
          pending !== undefined &&
          current?.prepared !== undefined &&
          event.confirmationId === pending.confirmationId &&
          pending.callId === current.prepared.callId &&
          pending.digest === current.prepared.digest &&
          (event.digest === undefined || event.digest === pending.digest)
        )
      },
    },
    actions: {
      enterStatus: assign(({ context }, params: { status: RunStatus }) =>
        produce(context, (draft) =>
          recordEvent(draft, clock(), { kind: 'statusChanged', status: params.status }),
        ),
      ),
      countTurn: assign(({ context }) =>
        produce(context, (draft) => {
          draft.turns += 1
        }),
      ),
      acceptTurn: assign(({ context }, params: { turn: ModelTurn }) =>
        produce(context, (draft) => {
          const at = clock()
          const { text, toolCalls = [] } = params.turn
          draft.messages.push(
            toolCalls.length > 0
              ? { role: 'assistant', content: text ?? '', toolCalls }
              : { role: 'assistant', content: text ?? '' },
          )
          if (text !== undefined && text !== '')
            recordEvent(draft, at, { kind: 'assistantMessage', text })
          draft.queue = toolCalls
        }),
      ),
      prepareNextCall: assign(({ context }) =>
        produce(context, (draft) => {
          const at = clock()
          const [call, ...rest] = draft.queue
          if (call === undefined) return
          draft.queue = rest
          const seen = new Set(
            draft.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])),
          )
          const current = prepareCall(deps.tools, call, seen)
          draft.current = current
          recordEvent(draft, at, {
            kind: 'toolRequested',
            toolCallId: call.id,
            toolName: call.name,
            payloadJson: call.arguments,
            ...(current.prepared && {
              permission: current.prepared.permission,
              preview: current.prepared.preview,
              digest: current.prepared.digest,
            }),
          })
        }),
      ),
      requestConfirmation: assign(({ context }) =>
        produce(context, (draft) => {
          const at = clock()
          const prepared = draft.current?.prepared
          if (prepared === undefined) return
          const confirmationId = generateId()
          draft.pending = { confirmationId, callId: prepared.callId, digest: prepared.digest }
          recordEvent(draft, at, {
            kind: 'confirmationRequired',
            toolCallId: prepared.callId,
            toolName: prepared.name,
            permission: prepared.permission,
            preview: prepared.preview,
            digest: prepared.digest,
            confirmationId,
          })
        }),
      ),
      resolveConfirmation: assign(({ context }, params: { decision: 'allow' | 'deny' }) =>
        produce(context, (draft) => {
          const { pending, current } = draft
          if (pending === undefined) return
          draft.retiredConfirmationIds.push(pending.confirmationId)
          draft.pending = undefined
          recordEvent(draft, clock(), {
            kind: 'confirmationResolved',
            toolCallId: pending.callId,
            ...(current?.prepared && { toolName: current.prepared.name }),
            confirmationId: pending.confirmationId,
            decision: params.decision,
            decidedBy: 'user',
          })
          if (params.decision === 'deny' && current !== undefined) current.result = userDeniedResult
        }),
      ),
      recordToolResult: assign(({ context }, params: { result: unknown }) =>
        produce(context, (draft) => {
          if (draft.current === undefined) return
          draft.current.result = isResult(params.result)
            ? params.result
            : toolFailure('execution_failed', 'the tool returned an invalid result')
        }),
      ),
      recordToolCrash: assign(({ context }, params: { error: unknown }) =>
        produce(context, (draft) => {
          if (draft.current === undefined) return
          draft.current.result = toolFailure('execution_failed', describe(params.error))
        }),
      ),
      reportResult: assign(({ context }) =>
        produce(context, (draft) => {
          const at = clock()
          const current = draft.current
          if (current === undefined) return
          const result = current.result ?? toolFailure('execution_failed', 'no result')
          const content = JSON.stringify(result)
          draft.messages.push({
            role: 'tool',
            toolCallId: current.call.id,
            name: current.call.name,
            content,
          })
          recordEvent(draft, at, {
            kind: result.ok ? 'toolCompleted' : 'toolFailed',
            toolCallId: current.call.id,
            toolName: current.call.name,
            ...(current.prepared && { permission: current.prepared.permission }),
            payloadJson: content,
            ...(!result.ok && { error: result.error }),
          })
          draft.current = undefined
        }),
      ),
      appendUserMessage: assign(({ context, event }) =>
        produce(context, (draft) => {
          if (event.type !== 'USER_INPUT') return
          draft.messages.push({ role: 'user', content: event.text })
          draft.turns = 0
          recordEvent(draft, clock(), { kind: 'userMessage', text: event.text })
        }),
      ),
      failRun: assign(({ context }, params: { error: unknown }) =>
        produce(context, (draft) => {
          const error = {
            code: errorCode(params.error),
            message: describe(params.error),
          }
          draft.error = error
          recordEvent(draft, clock(), { kind: 'runFailed', error })
        }),
      ),
      failStepLimit: assign(({ context }) =>
        produce(context, (draft) => {
          const at = clock()
          const error = {
            code: 'step_limit',
            message: `the model took ${draft.turns} turns without answering; the limit is ${draft.maxTurns}`,
          }
          draft.error = error
          recordEvent(draft, at, { kind: 'runFailed', error })
        }),
      ),
      cancelRun: assign(({ context, event }) =>
        produce(context, (draft) => {
          // A pending confirmation dies with the run: its id can never be used again.
          if (draft.pending !== undefined)
            draft.retiredConfirmationIds.push(draft.pending.confirmationId)
          draft.pending = undefined
          draft.queue = []
          const reason = event.type === 'CANCEL' ? event.reason : undefined
          recordEvent(draft, clock(), { kind: 'runCancelled', ...(reason && { text: reason }) })
        }),
      ),
    },
  }).createMachine({
    id: 'agentRun',
    context: ({ input }) =>
      produce(
        {
          runId: input.runId,
          ...(input.notebookId !== undefined && { notebookId: input.notebookId }),
          maxTurns: input.maxTurns ?? defaultMaxTurns,
          turns: 0,
          messages: [...(input.history ?? []), { role: 'user', content: input.input }],
          queue: [],
          retiredConfirmationIds: [],
          events: [],
        } as AgentRunContext,
        (draft) => {
          const at = clock()
          recordEvent(draft, at, { kind: 'runStarted' })
          recordEvent(draft, at, { kind: 'userMessage', text: input.input })
        },
      ),
    initial: 'thinking',
    on: {
      CANCEL: { target: '.cancelled', actions: 'cancelRun' },
    },
    states: {
      thinking: {
        entry: [{ type: 'enterStatus', params: { status: 'thinking' } }, 'countTurn'],
        invoke: {
          id: 'model',
          src: 'callModel',
          input: ({ context }) => ({ runId: context.runId, messages: context.messages }),
          onDone: [
            {
              guard: { type: 'turnHasToolCalls', params: ({ event }) => ({ turn: event.output }) },
              target: 'preparing',
              actions: { type: 'acceptTurn', params: ({ event }) => ({ turn: event.output }) },
            },
            {
              target: 'awaitingInput',
              actions: { type: 'acceptTurn', params: ({ event }) => ({ turn: event.output }) },
            },
          ],
          onError: {
            target: 'failed',
            actions: { type: 'failRun', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      preparing: {
        entry: [{ type: 'enterStatus', params: { status: 'preparing' } }, 'prepareNextCall'],
        always: [
          { guard: 'preparationFailed', target: 'reporting' },
          { guard: 'isReadCall', target: 'executing' },
          { target: 'awaitingConfirmation' },
        ],
      },
      awaitingConfirmation: {
        entry: [
          { type: 'enterStatus', params: { status: 'awaitingConfirmation' } },
          'requestConfirmation',
        ],
        on: {
          CONFIRM: {
            guard: 'confirmationMatches',
            target: 'executing',
            actions: { type: 'resolveConfirmation', params: { decision: 'allow' } },
          },
          DENY: {
            guard: 'confirmationMatches',
            target: 'reporting',
            actions: { type: 'resolveConfirmation', params: { decision: 'deny' } },
          },
        },
      },
      executing: {
        entry: { type: 'enterStatus', params: { status: 'executing' } },
        invoke: {
          id: 'tool',
          src: 'executeTool',
          input: ({ context }) => ({
            runId: context.runId,
            ...(context.notebookId !== undefined && { notebookId: context.notebookId }),
            // Entered only with a prepared call: guards above never let an unprepared one through.
            prepared: context.current?.prepared as PreparedTool,
          }),
          onDone: {
            target: 'reporting',
            actions: {
              type: 'recordToolResult',
              params: ({ event }) => ({ result: event.output }),
            },
          },
          onError: {
            target: 'reporting',
            actions: { type: 'recordToolCrash', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      reporting: {
        entry: [{ type: 'enterStatus', params: { status: 'reporting' } }, 'reportResult'],
        always: [
          { guard: 'hasQueuedCalls', target: 'preparing' },
          { guard: 'stepLimitReached', target: 'failed', actions: 'failStepLimit' },
          { target: 'thinking' },
        ],
      },
      awaitingInput: {
        entry: { type: 'enterStatus', params: { status: 'awaitingInput' } },
        on: {
          USER_INPUT: { target: 'thinking', actions: 'appendUserMessage' },
        },
      },
      failed: {
        type: 'final',
        entry: { type: 'enterStatus', params: { status: 'failed' } },
      },
      cancelled: {
        type: 'final',
        entry: { type: 'enterStatus', params: { status: 'cancelled' } },
      },
    },
  })
}

/** The type of the agent-run statechart. */
export type AgentRunMachine = ReturnType<typeof createAgentRunMachine>

function isResult(value: unknown): value is ToolResult {
  if (value === null || typeof value !== 'object') return false
  const ok = (value as { ok?: unknown }).ok
  return ok === true || ok === false
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[a-z][a-z0-9_]*$/.test(code) ? code : 'model_error'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
