import type { Draft } from 'immer'
import { enqueueActions, setup } from 'xstate'
import { type ToolResult, toolFailure } from '../tools/ToolResult.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'
import {
  type AgentEventsEmitted,
  type AgentRunContext,
  type AgentRunEvent,
  type AgentRunInput,
  type PreparingRegistry,
  runContextVersion,
} from './agentRunTypes.ts'
import { recordEvent } from './recordEvent.ts'
import { createRunGuards } from './runGuards.ts'
import * as recipe from './runRecipes.ts'
import { freezeChanges, updateContext, updateShallow } from './updateContext.ts'

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

/**
 * Builds the agent-run statechart. It does no I/O: on entering `thinking` or `executing` it logs
 * the status, and the runtime calls the model or runs the tool, then sends `MODEL_DONE`/
 * `MODEL_FAILED` or `TOOL_DONE`/`TOOL_FAILED`. The events it logs are emitted as `agentEvents`;
 * the context keeps only the last `seq`.
 */
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
  type Args = { context: AgentRunContext; event: AgentRunEvent }
  // One assign and one emit per update: the new context, and the events the update logged.
  const update = <P = undefined>(
    recipeFor: (args: Args, params: P) => ((draft: Draft<AgentRunContext>) => void) | undefined,
    // Recipes that touch only top-level scalars may skip immer (see `updateShallow`).
    shallow?: (params: P) => boolean,
  ) =>
    enqueueActions<
      AgentRunContext,
      AgentRunEvent,
      P,
      AgentRunEvent,
      never,
      never,
      never,
      never,
      AgentEventsEmitted
    >(({ context, event, enqueue }, params) => {
      const change = recipeFor({ context, event }, params)
      if (change === undefined) return
      const next = shallow?.(params)
        ? updateShallow(context, change)
        : updateContext(context, change)
      enqueue.assign(() => next.context)
      if (next.events.length > 0) enqueue.emit({ type: 'agentEvents', events: next.events })
    })
  const withResult = (context: AgentRunContext, result: ToolResult) =>
    context.current === undefined
      ? context
      : freezeChanges({ ...context, current: { ...context.current, result } }, context)

  return setup({
    types: {
      context: {} as AgentRunContext,
      events: {} as AgentRunEvent,
      input: {} as AgentRunInput,
      emitted: {} as AgentEventsEmitted,
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
      enterStatus: update(
        (_, params: { status: RunStatus; work?: keyof typeof entryWork }) => (draft) => {
          recordEvent(draft, clock(), { kind: 'statusChanged', status: params.status })
          if (params.work !== undefined) entryWork[params.work](draft)
        },
        (params) => params.work === undefined || params.work === 'countTurn',
      ),
      acceptTurn: update(({ event }) =>
        event.type === 'MODEL_DONE'
          ? (draft) => recipe.acceptTurn(draft, clock(), event.turn)
          : undefined,
      ),
      resolveConfirmation: update(({ event }, params: { decision: 'allow' | 'deny' }) => {
        const how = event.type === 'CONFIRM' || event.type === 'DENY' ? event : {}
        return (draft) => recipe.resolvePending(draft, clock(), params.decision, how)
      }),
      expireConfirmation: update(
        () => (draft) =>
          recipe.resolvePending(
            draft,
            clock(),
            'deny',
            { decidedBy: 'timeout' },
            recipe.confirmationExpiredResult,
          ),
      ),
      recoverResult: update(({ event }) =>
        event.type === 'RECOVER'
          ? (draft) =>
              // Said in the log, so the audit never shows a recovered outcome as a fresh allow.
              event.closedBecause === undefined
                ? recipe.resolvePending(
                    draft,
                    clock(),
                    'allow',
                    {
                      decidedBy: 'user',
                      rule: 'recovered after a restart from the intent journal',
                    },
                    event.result,
                  )
                : recipe.resolvePending(
                    draft,
                    clock(),
                    'deny',
                    { decidedBy: 'policy', rule: event.closedBecause },
                    event.result,
                  )
          : undefined,
      ),
      applyEdit: update(({ event }) =>
        event.type === 'EDIT'
          ? (draft) => recipe.applyEdit(draft, tools, event.arguments)
          : undefined,
      ),
      // A field set on `current`: a plain copy, no immer recipe and nothing logged.
      recordToolResult: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'TOOL_DONE') return
        const result = isResult(event.result)
          ? event.result
          : toolFailure('execution_failed', 'the tool returned an invalid result')
        enqueue.assign(() => withResult(context, result))
      }),
      recordToolCrash: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'TOOL_FAILED') return
        enqueue.assign(() =>
          withResult(context, toolFailure('execution_failed', describe(event.error))),
        )
      }),
      appendUserMessage: update(({ event }) =>
        event.type === 'USER_INPUT'
          ? (draft) => {
              draft.messages.push({ role: 'user', content: event.text })
              draft.turns = 0
              recordEvent(draft, clock(), { kind: 'userMessage', text: event.text })
            }
          : undefined,
      ),
      failRun: update(({ event }) => {
        const error = event.type === 'MODEL_FAILED' ? event.error : undefined
        return (draft) =>
          recipe.failRun(draft, clock(), { code: errorCode(error), message: describe(error) })
      }),
      failStepLimit: update(
        () => (draft) =>
          recipe.failRun(draft, clock(), {
            code: 'step_limit',
            message: `the model took ${draft.turns} turns without answering; the limit is ${draft.maxTurns}`,
          }),
      ),
      cancelRun: update(
        ({ event }) =>
          (draft) =>
            recipe.cancelRun(draft, clock(), event.type === 'CANCEL' ? event.reason : undefined),
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
        version: runContextVersion,
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
        lastSeq: 0,
      }
      return freezeChanges(start, undefined)
    },
    // The first two log entries, emitted on entry so the runtime's listeners see them.
    entry: update(() => (draft) => {
      const at = clock()
      recordEvent(draft, at, { kind: 'runStarted' })
      const first = draft.messages.at(-1)
      recordEvent(draft, at, { kind: 'userMessage', text: first?.content ?? '' })
    }),
    initial: 'thinking',
    on: {
      CANCEL: { target: '.cancelled', actions: 'cancelRun' },
    },
    states: {
      thinking: {
        entry: { type: 'enterStatus', params: { status: 'thinking', work: 'countTurn' } },
        on: {
          MODEL_DONE: [
            {
              guard: 'turnHasToolCalls',
              target: 'preparing',
              actions: 'acceptTurn',
            },
            { target: 'awaitingInput', actions: 'acceptTurn' },
          ],
          MODEL_FAILED: { target: 'failed', actions: 'failRun' },
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
          RECOVER: { guard: 'recoveryMatches', target: 'reporting', actions: 'recoverResult' },
        },
      },
      executing: {
        entry: { type: 'enterStatus', params: { status: 'executing' } },
        on: {
          TOOL_DONE: {
            guard: 'resultIsForCurrentCall',
            target: 'reporting',
            actions: 'recordToolResult',
          },
          TOOL_FAILED: {
            guard: 'resultIsForCurrentCall',
            target: 'reporting',
            actions: 'recordToolCrash',
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
