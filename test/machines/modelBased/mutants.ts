import { type AnyStateMachine, assign, createMachine } from 'xstate'
import type { AgentRunMachine } from '../../../machines/agentRunMachine.ts'
import { createAgentRunMachine } from '../../../machines/agentRunMachine.ts'
import type {
  AgentRunContext,
  AgentRunEvent,
  PendingConfirmation,
} from '../../../machines/agentRunTypes.ts'
import * as steps from '../../../machines/runSteps.ts'
import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { Decision } from '../../../vocabulary/Decision.ts'
import { describedEdit } from './explorerDescriptions.ts'
import { gatewayToolName } from './modelRegistry.ts'

/** A deliberately broken variant of the real machine, and the invariant expected to catch it. */
export interface Mutant {
  name: string
  /** How the mutant is made: `provide` (guards/actions swapped), `config` (one edit of the definition), `deps`. */
  how: 'provide' | 'config' | 'deps'
  /** The invariant that must be among those it breaks. */
  killedBy: string
  /** A mutant of the chart under the host's approval rules: explored in the hosted configuration. */
  hosted?: true
  build(): AnyStateMachine
}

type GuardArgs = { context: AgentRunContext; event: AgentRunEvent }
// biome-ignore lint/suspicious/noExplicitAny: guard parameters of the real machine, passed through
type GuardFn = (args: GuardArgs, params?: any) => boolean

/** Rebuilds the real machine from its own definition with one edit to the config. */
function withConfig(
  machine: AgentRunMachine,
  // biome-ignore lint/suspicious/noExplicitAny: a machine config is loosely typed once edited
  edit: (states: Record<string, any>) => Record<string, any>,
): AnyStateMachine {
  const config = machine.config
  const states = edit({ ...(config.states as Record<string, unknown>) })
  return createMachine({ ...config, states } as never, machine.implementations as never)
}

// biome-ignore lint/suspicious/noExplicitAny: one state's config, edited
function withState(machine: AgentRunMachine, name: string, edit: (state: any) => any) {
  return withConfig(machine, (states) => ({ ...states, [name]: edit(states[name]) }))
}

// The real guard, given the decision as `change` rewrites it: one check of the guard skipped.
function decisionRewritten(
  guard: GuardFn,
  change: (decision: Decision, context: AgentRunContext) => Decision,
): GuardFn {
  return (args, params) => {
    const { event, context } = args
    if (event.type !== 'CONFIRM' && event.type !== 'DENY' && event.type !== 'EXPIRE')
      return guard(args, params)
    return guard(
      { context, event: { ...event, decision: change(event.decision, context) } },
      params,
    )
  }
}

// The real guard, shown the run's context as `change` makes it: what the guard forgets.
function contextRewritten(
  guard: GuardFn,
  change: (context: AgentRunContext, event: AgentRunEvent) => AgentRunContext,
): GuardFn {
  return (args, params) => guard({ ...args, context: change(args.context, args.event) }, params)
}

// The open card without the decider's own earlier approval on it.
function forgetOwnApproval(context: AgentRunContext, event: AgentRunEvent): AgentRunContext {
  const { pending } = context
  if (pending?.approvals === undefined || event.type !== 'CONFIRM') return context
  const by = event.decision.by
  const id = by.kind === 'user' ? by.id : undefined
  return {
    ...context,
    pending: { ...pending, approvals: pending.approvals.filter((p) => p.id !== id) },
  }
}

const noOp = assign(({ context }) => context)

// Forgets what the card showed, as a careless allow would: the call then runs unbound.
const dropDescription = assign(({ context }: { context: AgentRunContext }) =>
  context.current === undefined ? {} : { current: { ...context.current, description: undefined } },
)

const longAgo = new Date(0).toISOString()

// The machine with its real expiry guard, shown the pending card's deadline as `change` makes it.
function expiryGuard(
  machine: AgentRunMachine,
  change: (pending: PendingConfirmation) => PendingConfirmation | '' | undefined,
): AnyStateMachine {
  const expired = machine.implementations.guards.confirmationExpired as unknown as GuardFn
  return machine.provide({
    guards: {
      confirmationExpired: (args: GuardArgs, params: unknown) => {
        const { pending } = args.context
        const shown = (pending && change(pending)) || pending
        return expired({ ...args, context: { ...args.context, pending: shown } }, params)
      },
    },
  })
}

/** The broken variants of the chart under the host's approval rules; `hosted` is that chart. */
export function hostedMutants(
  hosted: AgentRunMachine,
  deps: { tools: ToolRegistry; clock: () => Date; generateId: () => string },
): Mutant[] {
  const guards = hosted.implementations.guards as unknown as Record<string, GuardFn>
  const matches = guards.confirmationMatches as GuardFn
  const counts = guards.approvalCounts as GuardFn
  const forgetting = (change: Parameters<typeof contextRewritten>[1]) =>
    hosted.provide({
      guards: {
        confirmationMatches: contextRewritten(matches, change),
        approvalCounts: contextRewritten(counts, change),
      },
    })
  return [
    {
      name: 'the guard ignores the approval rules (the chart is built without them)',
      how: 'deps',
      killedBy: 'I1',
      hosted: true,
      build: () => createAgentRunMachine(deps),
    },
    {
      name: 'one person approving twice counts twice toward the quorum',
      how: 'provide',
      killedBy: 'I8',
      hosted: true,
      build: () => forgetting(forgetOwnApproval),
    },
    {
      name: 'four eyes forgotten: the run’s own person approves a risky card alone',
      how: 'provide',
      killedBy: 'I1',
      hosted: true,
      // Only on risky cards, the ones four eyes covers: there the run's person counts as anyone.
      build: () =>
        forgetting((context) =>
          context.current?.prepared?.permission === 'write'
            ? context
            : { ...context, startedBy: { id: 'someone-else' } },
        ),
    },
    {
      name: 'an approval short of the quorum is not kept (recordApproval does nothing)',
      how: 'provide',
      killedBy: 'I10',
      hosted: true,
      build: () => hosted.provide({ actions: { recordApproval: noOp } as never }),
    },
  ]
}

/** The broken variants the explorer must catch. */
export function mutants(
  machine: AgentRunMachine,
  deps: { tools: ToolRegistry; clock: () => Date },
): Mutant[] {
  const guards = machine.implementations.guards as unknown as Record<string, GuardFn>
  const matches = guards.confirmationMatches as GuardFn
  const editAccepted = guards.editAccepted as GuardFn
  const pendingId = (context: AgentRunContext) => context.pending?.confirmationId ?? ''
  let cards = 0
  // A step of the real chart, made into an action the way the chart makes its own.
  const stepAction = (make: (args: GuardArgs) => steps.Step) =>
    assign(({ context, event }: GuardArgs) =>
      steps.stepUpdate(context, make({ context, event }), deps.clock()),
    ) as never
  return [
    {
      name: 'confirmation guard accepts any id',
      how: 'provide',
      killedBy: 'I1',
      build: () =>
        machine.provide({
          guards: {
            confirmationMatches: decisionRewritten(matches, (d, c) => ({
              ...d,
              confirmationId: pendingId(c),
            })),
          },
        }),
    },
    {
      name: 'every call counts as a read call',
      how: 'provide',
      killedBy: 'I1',
      build: () => machine.provide({ guards: { isReadCall: () => true } }),
    },
    {
      name: 'a gateway call skips its card (an upstream tool runs as if it were a read)',
      how: 'provide',
      killedBy: 'I1',
      build: () =>
        machine.provide({
          guards: {
            isReadCall: (args: GuardArgs, params: unknown) =>
              args.context.current?.prepared?.name === gatewayToolName ||
              (guards.isReadCall as GuardFn)(args, params),
          },
        }),
    },
    {
      name: 'read calls wait for confirmation',
      how: 'provide',
      killedBy: 'I6',
      build: () => machine.provide({ guards: { isReadCall: () => false } }),
    },
    {
      name: 'a used id is neither retired nor cleared (resolveConfirmation does nothing)',
      how: 'provide',
      killedBy: 'I2',
      build: () => machine.provide({ actions: { resolveConfirmation: noOp } as never }),
    },
    {
      name: 'DENY executes (its target changed to executing)',
      how: 'config',
      killedBy: 'I1',
      build: () =>
        withState(machine, 'awaitingConfirmation', (state) => ({
          ...state,
          on: { ...state.on, DENY: { ...state.on.DENY, target: 'executing' } },
        })),
    },
    {
      name: 'CANCEL leaves the pending id live (cancelRun does nothing)',
      how: 'provide',
      killedBy: 'I2',
      build: () => machine.provide({ actions: { cancelRun: noOp } as never }),
    },
    {
      name: 'a cancelled run still accepts CONFIRM (not final, pending kept)',
      how: 'config',
      killedBy: 'I4',
      build: () =>
        withConfig(machine, (states) => ({
          ...states,
          cancelled: {
            entry: states.cancelled.entry,
            on: { CONFIRM: states.awaitingConfirmation.on.CONFIRM },
          },
        })).provide({ actions: { cancelRun: noOp } as never }),
    },
    {
      name: 'the id source repeats itself',
      how: 'deps',
      killedBy: 'I2',
      build: () => createAgentRunMachine({ ...deps, generateId: () => 'same-id' }),
    },
    {
      name: 'an unpreparable call goes on to confirmation',
      how: 'provide',
      killedBy: 'I5',
      build: () => machine.provide({ guards: { preparationFailed: () => false } }),
    },
    {
      name: 'a rule may allow any permission',
      how: 'provide',
      killedBy: 'I1',
      build: () =>
        machine.provide({
          guards: {
            confirmationMatches: decisionRewritten(matches, (d) => ({
              ...d,
              by: { kind: 'user' },
            })),
          },
        }),
    },
    {
      name: 'the card digest is not checked',
      how: 'provide',
      killedBy: 'I1',
      build: () =>
        machine.provide({
          guards: {
            // Any digest passes: the decision is checked as if it named the pending call.
            confirmationMatches: decisionRewritten(matches, (d, c) => ({
              ...d,
              digest: c.pending?.digest ?? '',
            })),
          },
        }),
    },
    {
      name: 'executeCall runs on entering awaitingConfirmation',
      how: 'config',
      killedBy: 'I7',
      build: () =>
        withState(machine, 'awaitingConfirmation', (state) => ({
          ...state,
          entry: [...state.entry, 'executeCall'],
        })),
    },
    {
      name: "a decision with another run's id is applied (the guard ignores decision.runId)",
      how: 'provide',
      killedBy: 'I8',
      build: () =>
        machine.provide({
          guards: {
            confirmationMatches: decisionRewritten(matches, (d, c) => ({ ...d, runId: c.runId })),
          },
        }),
    },
    {
      name: 'EXPIRE is accepted before the deadline',
      how: 'provide',
      killedBy: 'I8',
      // The real guard, as if every deadline had long passed.
      build: () => expiryGuard(machine, (p) => p.expiresAt && { ...p, expiresAt: longAgo }),
    },
    {
      name: 'a card without a deadline expires',
      how: 'provide',
      killedBy: 'I8',
      build: () => expiryGuard(machine, (p) => ({ expiresAt: longAgo, ...p })),
    },
    {
      name: 'the card is not offered (offerCard left out of its entry)',
      how: 'config',
      killedBy: 'I7',
      build: () =>
        withState(machine, 'awaitingConfirmation', (state) => ({
          ...state,
          entry: state.entry.filter((action: string) => action !== 'offerCard'),
        })),
    },
    {
      name: 'an accepted EDIT does not re-enter the card (no new card, no new offer)',
      how: 'config',
      killedBy: 'I5',
      build: () =>
        withState(machine, 'awaitingConfirmation', (state) => ({
          ...state,
          on: { ...state.on, EDIT: { ...state.on.EDIT, reenter: false } },
        })),
    },
    {
      name: 'an edit prepared for another call or tool replaces the card',
      how: 'provide',
      killedBy: 'I8',
      build: () =>
        machine.provide({
          guards: {
            editAccepted: (args, params) => {
              const { event, context } = args
              const call = context.current?.call
              if (event.type !== 'EDIT' || call === undefined) return editAccepted(args, params)
              const prepared = { ...event.edit.prepared, callId: call.id, name: call.name }
              return editAccepted(
                { context, event: { ...event, edit: { ...event.edit, prepared } } },
                params,
              )
            },
          },
        }),
    },
    {
      name: 'the card digest ignores the target it shows',
      how: 'provide',
      killedBy: 'I9',
      build: () =>
        machine.provide({
          actions: {
            requestConfirmation: stepAction(({ context }) => {
              const step = steps.requestConfirmation(context, deps.clock(), `card-${++cards}`)
              const digest = context.current?.prepared?.digest ?? ''
              const pending = step.changes?.pending
              return {
                changes: { ...step.changes, ...(pending && { pending: { ...pending, digest } }) },
                events: (step.events ?? []).map((e) =>
                  e.kind === 'confirmationRequired' ? { ...e, digest } : e,
                ),
              }
            }),
          },
        }),
    },
    {
      name: 'a description of another call is taken',
      how: 'provide',
      killedBy: 'I9',
      build: () =>
        machine.provide({
          guards: { descriptionIsForCurrentCall: ({ event }) => event.type === 'DESCRIBED' },
        }),
    },
    {
      name: 'a tool with a describe step goes straight to its card (describeCall skipped)',
      how: 'provide',
      killedBy: 'I9',
      build: () => machine.provide({ guards: { callDescribes: () => false } }),
    },
    {
      name: "an edit's card keeps the old target (the edit is not described again)",
      how: 'provide',
      killedBy: 'I9',
      build: () =>
        machine.provide({
          actions: {
            applyEdit: stepAction(({ context, event }) =>
              event.type === 'EDIT'
                ? steps.applyEdit(context, {
                    ...event.edit,
                    ...(context.current?.description && {
                      description: context.current.description,
                    }),
                  })
                : {},
            ),
          },
        }),
    },
    {
      name: 'an edit that was not described again replaces the card',
      how: 'provide',
      killedBy: 'I9',
      build: () =>
        machine.provide({
          guards: {
            // The guard is shown the edit as if it carried a description; the run gets it as is.
            editAccepted: (args, params) => {
              const { event, context } = args
              if (event.type !== 'EDIT') return editAccepted(args, params)
              const edit = { ...event.edit, description: event.edit.description ?? describedEdit }
              return editAccepted({ context, event: { ...event, edit } }, params)
            },
          },
        }),
    },
    {
      name: 'executeCall skips the version binding (the allow forgets what the card showed)',
      how: 'config',
      killedBy: 'I1',
      build: () =>
        withState(machine, 'awaitingConfirmation', (state) => ({
          ...state,
          on: {
            ...state.on,
            // The allow that executes (the chart's CONFIRM also counts approvals toward a quorum).
            CONFIRM: state.on.CONFIRM.map((transition: { target?: string }) =>
              transition.target === 'executing'
                ? { ...transition, actions: ['resolveConfirmation', dropDescription, 'handOver'] }
                : transition,
            ),
          },
        })),
    },
    {
      name: 'the model is called again on entering awaitingInput',
      how: 'config',
      killedBy: 'I7',
      build: () =>
        withState(machine, 'awaitingInput', (state) => ({
          ...state,
          entry: [...state.entry, 'callModel'],
        })),
    },
  ]
}
