import { type AnyStateMachine, assign, createMachine } from 'xstate'
import type { AgentRunMachine } from '../../../machines/agentRunMachine.ts'
import { createAgentRunMachine } from '../../../machines/agentRunMachine.ts'
import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'

/** A deliberately broken variant of the real machine, and the invariant expected to catch it. */
export interface Mutant {
  name: string
  /** How the mutant is made: `provide` (guards/actions swapped), `config` (one edit of the definition), `deps`. */
  how: 'provide' | 'config' | 'deps'
  build(): AnyStateMachine
}

// biome-ignore lint/suspicious/noExplicitAny: guard arguments of the real machine, passed through
type GuardFn = (args: any, params?: any) => boolean

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

const noOp = assign(({ context }) => context)

/** The broken variants the explorer must catch. */
export function mutants(
  machine: AgentRunMachine,
  deps: { tools: ToolRegistry; clock: () => Date },
): Mutant[] {
  const matches = machine.implementations.guards.confirmationMatches as unknown as GuardFn
  return [
    {
      name: 'confirmation guard accepts any id',
      how: 'provide',
      build: () =>
        machine.provide({
          guards: { confirmationMatches: ({ event }) => 'confirmationId' in event },
        }),
    },
    {
      name: 'every call counts as a read call',
      how: 'provide',
      build: () => machine.provide({ guards: { isReadCall: () => true } }),
    },
    {
      name: 'read calls wait for confirmation',
      how: 'provide',
      build: () => machine.provide({ guards: { isReadCall: () => false } }),
    },
    {
      name: 'a used id is neither retired nor cleared (resolveConfirmation does nothing)',
      how: 'provide',
      build: () => machine.provide({ actions: { resolveConfirmation: noOp } as never }),
    },
    {
      name: 'DENY executes (its target changed to executing)',
      how: 'config',
      build: () =>
        withConfig(machine, (states) => ({
          ...states,
          awaitingConfirmation: {
            ...states.awaitingConfirmation,
            on: {
              ...states.awaitingConfirmation.on,
              DENY: { ...states.awaitingConfirmation.on.DENY, target: 'executing' },
            },
          },
        })),
    },
    {
      name: 'CANCEL leaves the pending id live (cancelRun does nothing)',
      how: 'provide',
      build: () => machine.provide({ actions: { cancelRun: noOp } as never }),
    },
    {
      name: 'a cancelled run still accepts CONFIRM (not final, pending kept)',
      how: 'config',
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
      build: () => createAgentRunMachine({ ...deps, generateId: () => 'same-id' }),
    },
    {
      name: 'an unpreparable call goes on to confirmation',
      how: 'provide',
      build: () => machine.provide({ guards: { preparationFailed: () => false } }),
    },
    {
      name: 'a policy may allow any permission',
      how: 'provide',
      build: () =>
        machine.provide({
          guards: {
            confirmationMatches: (args, params) =>
              matches({ ...args, event: { ...args.event, decidedBy: undefined } }, params),
          },
        }),
    },
    {
      name: 'the card digest is not checked',
      how: 'provide',
      build: () =>
        machine.provide({
          guards: {
            // Any digest passes: the decision is checked as if it named the pending call.
            confirmationMatches: (args, params) =>
              matches(
                {
                  ...args,
                  event: { ...args.event, digest: args.context.pending?.digest ?? '' },
                } as typeof args,
                params,
              ),
          },
        }),
    },
  ]
}
