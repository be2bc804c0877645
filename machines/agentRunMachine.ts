import type { Draft } from 'immer'
import { assign, fromPromise, setup } from 'xstate'
import { ModelError } from '../models/ModelError.ts'
import type { ChatMessage, ModelTurn } from '../models/messages.ts'
import type { PreparedTool } from '../tools/PreparedTool.ts'
import { type ToolResult, toolFailure } from '../tools/ToolResult.ts'
import type { RunStatus } from '../store/AgentEvent.ts'
import type {
  AgentRunContext,
  AgentRunEvent,
  AgentRunInput,
  ModelCallInput,
  PreparingRegistry,
  ToolCallInput,
} from './agentRunTypes.ts'
import { recordEvent } from './recordEvent.ts'
import { createRunGuards } from './runGuards.ts'
import * as recipe from './runRecipes.ts'
import { freezeChanges, updateContext } from './updateContext.ts'

/** What the run's pure transitions need: the registry to prepare calls, a clock and an id source. */
export interface AgentRunMachineDeps {
  tools: PreparingRegistry
  clock?: () => Date
  generateId?: () => string
}

/** The default number of model turns a run may take after one user message. */
export const defaultMaxTurns = 25

// setTimeout cannot wait longer than this (about 24.8 days).
const longestDelay = 2_147_483_647

const notProvided = (what: string) => () =>
  Promise.reject(new ModelError('model_error', `no ${what} was provided to this run`))

/** Builds the agent-run statechart. Its model and tool actors are supplied with `.provide()`. */
export function createAgentRunMachine(deps: AgentRunMachineDeps) {
  const clock = deps.clock ?? (() => new Date())
  const generateId = deps.generateId ?? (() => crypto.randomUUID())
  const { tools } = deps
  // What a state does on entry besides recording its status; `enterStatus` does both in one update.
  const entryWork = {
    countTurn: (draft: Draft<AgentRunContext>) => {
      draft.turns += 1
    },
    prepareNextCall: (draft: Draft<AgentRunContext>) => recipe.prepareNext(draft, clock(), tools),
    requestConfirmation: (draft: Draft<AgentRunContext>) =>
      recipe.requestConfirmation(draft, clock(), generateId()),
    reportResult: (draft: Draft<AgentRunContext>) => recipe.reportResult(draft, clock()),
  }

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
    delays: {
      // No timeout, no timer: XState raises a non-numeric delay's event at once, and the guard
      // `hasConfirmationTimeout` then ignores it. A timer would hold memory and keep Node alive.
      confirmationTimeout: ({ context }) =>
        context.confirmationTimeoutMs === undefined
          ? (undefined as unknown as number)
          : Math.min(context.confirmationTimeoutMs, longestDelay),
    },
    guards: createRunGuards({ tools, clock }),
    actions: {
      // One update per state entry: the status change and the state's own entry work together.
      enterStatus: assign(
        ({ context }, params: { status: RunStatus; work?: keyof typeof entryWork }) =>
          updateContext(context, (draft) => {
            recordEvent(draft, clock(), { kind: 'statusChanged', status: params.status })
            if (params.work !== undefined) entryWork[params.work](draft)
          }),
      ),
      acceptTurn: assign(({ context }, params: { turn: ModelTurn }) =>
        updateContext(context, (draft) => recipe.acceptTurn(draft, clock(), params.turn)),
      ),
      resolveConfirmation: assign(({ context, event }, params: { decision: 'allow' | 'deny' }) =>
        updateContext(context, (draft) => {
          const how = event.type === 'CONFIRM' || event.type === 'DENY' ? event : {}
          recipe.resolvePending(draft, clock(), params.decision, how)
        }),
      ),
      expireConfirmation: assign(({ context }) =>
        updateContext(context, (draft) =>
          recipe.resolvePending(
            draft,
            clock(),
            'deny',
            { decidedBy: 'timeout' },
            recipe.confirmationExpiredResult,
          ),
        ),
      ),
      recoverResult: assign(({ context, event }) =>
        updateContext(context, (draft) => {
          if (event.type !== 'RECOVER') return
          // Said in the log, so the audit never shows a recovered outcome as a fresh allow.
          recipe.resolvePending(
            draft,
            clock(),
            'allow',
            { decidedBy: 'user', rule: 'recovered after a restart from the intent journal' },
            event.result,
          )
        }),
      ),
      applyEdit: assign(({ context, event }) =>
        updateContext(context, (draft) => {
          if (event.type === 'EDIT') recipe.applyEdit(draft, tools, event.arguments)
        }),
      ),
      // A field set on `current`: a plain copy, no immer recipe needed.
      recordToolResult: assign(({ context }, params: { result: unknown }) =>
        withResult(
          context,
          isResult(params.result)
            ? params.result
            : toolFailure('execution_failed', 'the tool returned an invalid result'),
        ),
      ),
      recordToolCrash: assign(({ context }, params: { error: unknown }) =>
        withResult(context, toolFailure('execution_failed', describe(params.error))),
      ),
      recordDelta: assign(({ context, event }) =>
        updateContext(context, (draft) => {
          if (event.type !== 'ASSISTANT_DELTA' || typeof event.text !== 'string') return
          recordEvent(draft, clock(), { kind: 'assistantDelta', text: event.text })
        }),
      ),
      appendUserMessage: assign(({ context, event }) =>
        updateContext(context, (draft) => {
          if (event.type !== 'USER_INPUT') return
          draft.messages.push({ role: 'user', content: event.text })
          draft.turns = 0
          recordEvent(draft, clock(), { kind: 'userMessage', text: event.text })
        }),
      ),
      failRun: assign(({ context }, params: { error: unknown }) =>
        updateContext(context, (draft) =>
          recipe.failRun(draft, clock(), {
            code: errorCode(params.error),
            message: describe(params.error),
          }),
        ),
      ),
      failStepLimit: assign(({ context }) =>
        updateContext(context, (draft) =>
          recipe.failRun(draft, clock(), {
            code: 'step_limit',
            message: `the model took ${draft.turns} turns without answering; the limit is ${draft.maxTurns}`,
          }),
        ),
      ),
      cancelRun: assign(({ context, event }) =>
        updateContext(context, (draft) =>
          recipe.cancelRun(draft, clock(), event.type === 'CANCEL' ? event.reason : undefined),
        ),
      ),
    },
  }).createMachine({
    id: 'agentRun',
    context: ({ input }) => {
      const messages: ChatMessage[] = [
        ...(input.history ?? []),
        { role: 'user', content: input.input },
      ]
      const start: AgentRunContext = {
        runId: input.runId,
        ...(input.notebookId !== undefined && { notebookId: input.notebookId }),
        maxTurns: input.maxTurns ?? defaultMaxTurns,
        ...(input.confirmationTimeoutMs !== undefined && {
          confirmationTimeoutMs: input.confirmationTimeoutMs,
        }),
        turns: 0,
        messages,
        queue: [],
        retiredConfirmationIds: [],
        toolCallIds: messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])),
        events: [],
      }
      const started = updateContext(start, (draft) => {
        const at = clock()
        recordEvent(draft, at, { kind: 'runStarted' })
        recordEvent(draft, at, { kind: 'userMessage', text: input.input })
      })
      return freezeChanges(started, undefined)
    },
    initial: 'thinking',
    on: {
      CANCEL: { target: '.cancelled', actions: 'cancelRun' },
    },
    states: {
      thinking: {
        entry: { type: 'enterStatus', params: { status: 'thinking', work: 'countTurn' } },
        on: { ASSISTANT_DELTA: { actions: 'recordDelta' } },
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
        entry: { type: 'enterStatus', params: { status: 'preparing', work: 'prepareNextCall' } },
        always: [
          { guard: 'preparationFailed', target: 'reporting' },
          { guard: 'isReadCall', target: 'executing' },
          { target: 'awaitingConfirmation' },
        ],
      },
      awaitingConfirmation: {
        entry: {
          type: 'enterStatus',
          params: { status: 'awaitingConfirmation', work: 'requestConfirmation' },
        },
        after: {
          confirmationTimeout: {
            guard: 'hasConfirmationTimeout',
            target: 'reporting',
            actions: 'expireConfirmation',
          },
        },
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
          EDIT: {
            guard: 'editAccepted',
            target: 'awaitingConfirmation',
            reenter: true,
            actions: 'applyEdit',
          },
          EXPIRE: {
            guard: 'confirmationExpired',
            target: 'reporting',
            actions: 'expireConfirmation',
          },
          RECOVER: { guard: 'confirmationMatches', target: 'reporting', actions: 'recoverResult' },
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
            // Entered only with a prepared call: the guards above never let an unprepared one through.
            prepared: context.current?.prepared as PreparedTool,
            ...(context.current?.confirmationId !== undefined && {
              confirmationId: context.current.confirmationId,
            }),
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
        entry: { type: 'enterStatus', params: { status: 'reporting', work: 'reportResult' } },
        always: [
          { guard: 'hasQueuedCalls', target: 'preparing' },
          { guard: 'stepLimitReached', target: 'failed', actions: 'failStepLimit' },
          { target: 'thinking' },
        ],
      },
      awaitingInput: {
        entry: { type: 'enterStatus', params: { status: 'awaitingInput' } },
        on: { USER_INPUT: { target: 'thinking', actions: 'appendUserMessage' } },
      },
      failed: { type: 'final', entry: { type: 'enterStatus', params: { status: 'failed' } } },
      cancelled: { type: 'final', entry: { type: 'enterStatus', params: { status: 'cancelled' } } },
    },
  })
}

/** The type of the agent-run statechart. */
export type AgentRunMachine = ReturnType<typeof createAgentRunMachine>

/** The context with the current call's result set (and frozen, like every other update). */
function withResult(context: AgentRunContext, result: ToolResult): Partial<AgentRunContext> {
  if (context.current === undefined) return {}
  return freezeChanges({ current: { ...context.current, result } }, context)
}

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
