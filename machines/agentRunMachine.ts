import { type ActionFunction, assign, emit, setup } from 'xstate'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import { countOf } from '../vocabulary/countOf.ts'
import { describeRule } from '../vocabulary/Decision.ts'
import { personOf } from '../vocabulary/Identity.ts'
import { type ToolResult, toolFailure } from '../vocabulary/ToolResult.ts'
import {
  type AgentEventsEmitted,
  type AgentRunContext,
  type AgentRunEvent,
  type AgentRunInput,
  type PreparingRegistry,
  runContextVersion,
} from './agentRunTypes.ts'
import { proposeCall } from './proposeCall.ts'
import { approvalsNeeded, createRunGuards } from './runGuards.ts'
import { confirmationExpiredResult } from './runResults.ts'
import * as steps from './runSteps.ts'

/**
 * What the run's pure transitions need: the registry to prepare calls, a clock, an id source, and
 * the host's approval rules (who may decide which cards; none: the single-user app's).
 */
export interface AgentRunMachineDeps {
  tools: PreparingRegistry
  clock?: () => Date
  generateId?: () => string
  approvalRules?: ApprovalRules | undefined
}

/** The default number of model turns a run may take after one user message. */
export const defaultMaxTurns = 25

/** The effects the chart names: entry actions the runtime supplies with `machine.provide`. */
export type RunEffect = 'callModel' | 'describeCall' | 'offerCard' | 'executeCall'

/**
 * Tags that say what a state does, so that a restore (which runs no entry action) knows which
 * effect to run again without spelling state names: `safe` states are saved, and each other tag
 * names the effect its state started on entry.
 */
export const effectTags = {
  callsModel: 'callModel',
  describesCall: 'describeCall',
  showsCard: 'offerCard',
  executesCall: 'executeCall',
} as const satisfies Record<string, RunEffect>

type Args = { context: AgentRunContext; event: AgentRunEvent }
type Action = ActionFunction<
  AgentRunContext,
  AgentRunEvent,
  AgentRunEvent,
  undefined,
  never,
  never,
  never,
  never,
  never
>

/**
 * Builds the agent-run statechart. Its transitions are pure: each step is a plain `assign`
 * (spreads over a small context) whose log entries `handOver` emits. The I/O is named, not done:
 * entering `thinking` runs `callModel`, entering `describing` runs `describeCall`, entering
 * `awaitingConfirmation` runs `offerCard`, entering `executing` runs `executeCall`; the runtime
 * supplies them and sends their answers back as `MODEL_DONE`/`MODEL_FAILED`, `DESCRIBED` and
 * `TOOL_DONE`/`TOOL_FAILED`.
 */
export function createAgentRunMachine(deps: AgentRunMachineDeps) {
  const clock = deps.clock ?? (() => new Date())
  const generateId = deps.generateId ?? (() => crypto.randomUUID())
  const { tools, approvalRules } = deps
  // One step: new context fields and log entries, numbered after the run's last one.
  const step = (make: (args: Args) => steps.Step) =>
    assign(({ context, event }: Args) =>
      steps.stepUpdate(context, make({ context, event }), clock()),
    ) as unknown as Action
  const noEffect: Action = () => {}

  return setup({
    types: {
      context: {} as AgentRunContext,
      events: {} as AgentRunEvent,
      input: {} as AgentRunInput,
      emitted: {} as AgentEventsEmitted,
      tags: {} as 'safe' | keyof typeof effectTags,
    },
    guards: createRunGuards({ clock, approvalRules }),
    actions: {
      // The effects: no-ops here; the runtime (or a test) supplies them with `machine.provide`.
      callModel: noEffect,
      describeCall: noEffect,
      offerCard: noEffect,
      executeCall: noEffect,
      // Hands the latest step's log entries to the runtime, in one place.
      handOver: emit(({ context }: Args) => ({
        type: 'agentEvents' as const,
        events: context.logged ?? [],
      })),
      startTurn: step(({ context }) => steps.startTurn(context)),
      acceptTurn: step(({ context, event }) =>
        event.type === 'MODEL_DONE' ? steps.acceptTurn(context, event.turn) : {},
      ),
      prepareNextCall: step(({ context }) => steps.prepareNext(context, tools)),
      enterDescribing: step(() => steps.entered('describing')),
      keepDescription: step(({ context, event }) =>
        event.type === 'DESCRIBED' ? steps.keepDescription(context, event.description) : {},
      ),
      requestConfirmation: step(({ context }) =>
        steps.requestConfirmation(context, clock(), generateId()),
      ),
      resolveConfirmation: step(({ context, event }) => {
        if (event.type !== 'CONFIRM' && event.type !== 'DENY') return {}
        const { decision, by, remember, receipt } = event.decision
        const tool = context.current?.prepared?.name ?? ''
        return steps.resolvePending(context, {
          decision,
          by,
          ...(receipt !== undefined && { receipt }),
          ...(remember !== undefined && {
            rule: `kept as a rule: ${describeRule({ tool, effect: decision, scope: remember })}`,
          }),
        })
      }),
      recordApproval: step(({ context, event }) => {
        if (event.type !== 'CONFIRM' || event.decision.by.kind !== 'user') return {}
        const approver = personOf(event.decision.by)
        if (approver === undefined) return {}
        return steps.recordApproval(
          context,
          approver,
          approvalsNeeded(context, event.decision, approvalRules),
          event.decision.receipt,
        )
      }),
      expireConfirmation: step(({ context, event }) =>
        event.type === 'EXPIRE'
          ? steps.resolvePending(
              context,
              { decision: 'deny', by: event.decision.by },
              confirmationExpiredResult,
            )
          : {},
      ),
      recoverResult: step(({ context, event }) => {
        if (event.type !== 'RECOVER') return {}
        // Said in the log, so the audit never shows a recovered outcome as a fresh allow.
        return event.closedBecause === undefined
          ? steps.resolvePending(
              context,
              {
                decision: 'allow',
                by: { kind: 'user' },
                rule: 'recovered after a restart from the intent journal',
              },
              event.result,
            )
          : steps.resolvePending(
              context,
              { decision: 'deny', by: { kind: 'rule', rule: event.closedBecause } },
              event.result,
            )
      }),
      applyEdit: step(({ context, event }) =>
        event.type === 'EDIT' ? steps.applyEdit(context, event.edit) : {},
      ),
      enterExecuting: step(() => steps.entered('executing')),
      reportResult: step(({ context, event }) =>
        steps.reportResult(context, toolAnswer(context, event)),
      ),
      enterAwaitingInput: step(() => steps.entered('awaitingInput')),
      appendUserMessage: step(({ context, event }) =>
        event.type === 'USER_INPUT' ? steps.appendUserMessage(context, event.text) : {},
      ),
      proposeCall: step(({ context, event }) =>
        event.type === 'PROPOSE'
          ? proposeCall(context, event.words, {
              id: generateId(),
              name: event.name,
              arguments: event.arguments,
            })
          : {},
      ),
      failRun: step(({ event }) => {
        const error = event.type === 'MODEL_FAILED' ? event.error : undefined
        return steps.failRun({ code: errorCode(error), message: describe(error) })
      }),
      failStepLimit: step(({ context }) =>
        steps.failRun({
          code: 'step_limit',
          message: `the model took ${countOf(context.turns, 'turn')} without answering; the limit is ${context.maxTurns}`,
        }),
      ),
      enterFailed: step(() => steps.entered('failed')),
      cancelRun: step(({ context, event }) =>
        steps.cancelRun(context, event.type === 'CANCEL' ? event.reason : undefined),
      ),
    },
  }).createMachine({
    id: 'agentRun',
    context: ({ input }) => {
      const messages: ChatMessage[] = [
        ...(input.history ?? []),
        { role: 'user', content: input.input },
      ]
      return {
        version: runContextVersion,
        runId: input.runId,
        ...(input.notebookId !== undefined && { notebookId: input.notebookId }),
        ...(input.startedBy !== undefined && { startedBy: input.startedBy }),
        maxTurns: input.maxTurns ?? defaultMaxTurns,
        ...(input.confirmationTimeoutMs !== undefined && {
          confirmationTimeoutMs: input.confirmationTimeoutMs,
        }),
        turns: 0,
        messages,
        // A run opened by a person's own call has it queued: its first turn is that call (see
        // the `callModel` effect), prepared and carded like any.
        queue: input.opening !== undefined ? [input.opening] : [],
        retiredConfirmationIds: [],
        toolCallIds: messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])),
        lastSeq: 0,
      }
    },
    initial: 'thinking',
    on: {
      CANCEL: { target: '.cancelled' },
    },
    states: {
      thinking: {
        tags: ['safe', 'callsModel'],
        entry: ['startTurn', 'handOver', 'callModel'],
        on: {
          MODEL_DONE: [
            {
              guard: 'turnHasToolCalls',
              target: 'preparing',
              actions: ['acceptTurn', 'handOver'],
            },
            { target: 'awaitingInput', actions: ['acceptTurn', 'handOver'] },
          ],
          MODEL_FAILED: { target: 'failed', actions: ['failRun', 'handOver'] },
        },
      },
      preparing: {
        entry: ['prepareNextCall', 'handOver'],
        always: [
          { guard: 'preparationFailed', target: 'reporting' },
          { guard: 'isReadCall', target: 'executing' },
          // A tool with a describe step shows what the call will change; any other, its preview.
          { guard: 'callDescribes', target: 'describing' },
          { target: 'awaitingConfirmation' },
        ],
      },
      // Not `safe`: never saved, so a restore never lands here (it resumes from the turn before).
      describing: {
        tags: ['describesCall'],
        entry: ['enterDescribing', 'handOver', 'describeCall'],
        on: {
          DESCRIBED: {
            guard: 'descriptionIsForCurrentCall',
            target: 'awaitingConfirmation',
            actions: 'keepDescription',
          },
        },
      },
      awaitingConfirmation: {
        tags: ['safe', 'showsCard'],
        entry: ['requestConfirmation', 'handOver', 'offerCard'],
        on: {
          CONFIRM: [
            // An approval short of the host's quorum: kept on the card, which stays open.
            { guard: 'approvalCounts', actions: ['recordApproval', 'handOver'] },
            {
              guard: 'confirmationMatches',
              target: 'executing',
              actions: ['resolveConfirmation', 'handOver'],
            },
          ],
          DENY: {
            guard: 'confirmationMatches',
            target: 'reporting',
            actions: ['resolveConfirmation', 'handOver'],
          },
          EDIT: {
            guard: 'editAccepted',
            target: 'awaitingConfirmation',
            reenter: true,
            actions: ['applyEdit', 'handOver'],
          },
          EXPIRE: {
            guard: 'confirmationExpired',
            target: 'reporting',
            actions: ['expireConfirmation', 'handOver'],
          },
          RECOVER: {
            guard: 'recoveryMatches',
            target: 'reporting',
            actions: ['recoverResult', 'handOver'],
          },
        },
      },
      executing: {
        tags: ['safe', 'executesCall'],
        entry: ['enterExecuting', 'handOver', 'executeCall'],
        on: {
          TOOL_DONE: { guard: 'resultIsForCurrentCall', target: 'reporting' },
          TOOL_FAILED: { guard: 'resultIsForCurrentCall', target: 'reporting' },
          // The decision could not be saved: the card again (a new id), as if never decided.
          NOT_SAVED: { guard: 'refusalIsForCurrentCall', target: 'awaitingConfirmation' },
        },
      },
      reporting: {
        entry: ['reportResult', 'handOver'],
        always: [
          { guard: 'hasQueuedCalls', target: 'preparing' },
          { guard: 'stepLimitReached', target: 'failed', actions: ['failStepLimit', 'handOver'] },
          { target: 'thinking' },
        ],
      },
      awaitingInput: {
        tags: ['safe'],
        entry: ['enterAwaitingInput', 'handOver'],
        on: {
          USER_INPUT: { target: 'thinking', actions: ['appendUserMessage', 'handOver'] },
          // Straight to preparing: a person's own call (an Undo, a task's Delete in the panel) is
          // a call with a card, not a model turn.
          PROPOSE: { target: 'preparing', actions: ['proposeCall', 'handOver'] },
        },
      },
      failed: { type: 'final', tags: ['safe'], entry: ['enterFailed', 'handOver'] },
      cancelled: { type: 'final', tags: ['safe'], entry: ['cancelRun', 'handOver'] },
    },
  })
}

/** The type of the agent-run statechart. */
export type AgentRunMachine = ReturnType<typeof createAgentRunMachine>

// The tool's answer for the current call, when the step is one (an eventless step after an
// answer still carries it, so the id must match); a result that is not a `ToolResult` fails.
function toolAnswer(context: AgentRunContext, event: AgentRunEvent): ToolResult | undefined {
  if (event.type !== 'TOOL_DONE' && event.type !== 'TOOL_FAILED') return undefined
  const current = context.current
  if (current === undefined || current.result !== undefined || current.call.id !== event.callId) {
    return undefined
  }
  if (event.type === 'TOOL_DONE') {
    return isResult(event.result)
      ? event.result
      : toolFailure('execution_failed', 'the tool returned an invalid result')
  }
  return toolFailure('execution_failed', describe(event.error))
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
