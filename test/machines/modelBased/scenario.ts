import { getInitialSnapshot, transition } from 'xstate'
import { createAgentRunMachine } from '../../../machines/agentRunMachine.ts'
import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { AlphabetWorld } from './decisionAlphabet.ts'
import { ExplorerClock } from './explorerClock.ts'
import { describedWithTarget } from './explorerDescriptions.ts'
import type { ExplorerInput, RunMachine } from './explorerTypes.ts'
import { type HostedSpec, hostedRules, hostedSpec, people } from './hosted.ts'
import { modelRegistry, modelToolNames } from './modelRegistry.ts'

/** One starting point of the exploration. */
export interface Configuration {
  name: string
  input: ExplorerInput
  /** Also replay every simple path (costly: the count grows fast with `maxTurns`). */
  simplePaths: boolean
  /** Run under the host's approval rules (`hosted.ts`), started by Ada, decided by four people. */
  hosted?: true
  /**
   * Also offer a person's Undo (`UNDO`): its card explored like any other. Only where its card
   * meets what differs (no deadline; the host's approval rules): each undo is another whole turn.
   */
  undo?: true
  /**
   * Also offer the store's refusal of an allowed call's decision (`NOT_SAVED`): the first card
   * comes back once. In one configuration of edges only: it doubles the paths it reaches.
   */
  refusals?: true
}

const deep = process.env.MODEL_BASED_DEEP === '1'

/**
 * The configurations explored: confirmations that never expire, expire a minute after they are
 * shown, expire as they are shown (the explorer offers each expiry before and at its deadline).
 * `MODEL_BASED_DEEP=1` (in `npm run test:deep`) replays the simple paths of every timeout setting.
 */
export const configurations: readonly Configuration[] = [
  {
    name: 'no timeout',
    input: { runId: 'run-1', input: 'hi', maxTurns: 2 },
    simplePaths: false,
    undo: true,
  },
  {
    name: 'timeout 60 s',
    input: { runId: 'run-1', input: 'hi', maxTurns: 2, confirmationTimeoutMs: 60_000 },
    simplePaths: false,
    refusals: true,
  },
  {
    name: 'timeout 0 s',
    input: { runId: 'run-1', input: 'hi', maxTurns: 2, confirmationTimeoutMs: 0 },
    simplePaths: false,
  },
  {
    name: 'timeout 0 s, one turn, simple paths',
    input: { runId: 'run-1', input: 'hi', maxTurns: 1, confirmationTimeoutMs: 0 },
    simplePaths: true,
  },
  {
    name: 'hosted: reviewers, four eyes and a quorum of two',
    input: {
      runId: 'run-1',
      input: 'hi',
      maxTurns: 2,
      startedBy: { id: people.ada.id, name: people.ada.name },
    },
    simplePaths: false,
    hosted: true,
    undo: true,
  },
  ...(deep
    ? [
        {
          name: 'no timeout, one turn, simple paths',
          input: { runId: 'run-1', input: 'hi', maxTurns: 1 },
          simplePaths: true,
        },
        {
          name: 'timeout 60 s, one turn, simple paths',
          input: { runId: 'run-1', input: 'hi', maxTurns: 1, confirmationTimeoutMs: 60_000 },
          simplePaths: true,
        },
      ]
    : []),
]

/** The machine under test and its surroundings, with deterministic ids and a clock the explorer sets. */
export function explorationSetup(generateId?: () => string) {
  const tools: ToolRegistry = modelRegistry()
  let next = 0
  const ids = generateId ?? (() => `confirmation-${++next}`)
  // Cards are issued at the base time; only an expiry is offered at another (before or after its deadline).
  const clock = new ExplorerClock(new Date('2026-11-30T09:00:00.000Z'))
  const machine = createAgentRunMachine({ tools, clock: clock.now, generateId: ids })
  // The same chart under the host's approval rules, for the hosted configuration.
  const hostedMachine = createAgentRunMachine({
    tools,
    clock: clock.now,
    generateId: ids,
    approvalRules: hostedRules,
  })
  const world: AlphabetWorld = { otherRun: otherRunCard(machine), tools, baseTime: clock.base }
  return { tools, clock, machine, hostedMachine, world }
}

/** How a configuration is explored: its machine (the hosted one for a hosted configuration), world and spec. */
export function explorationOf(
  setup: ReturnType<typeof explorationSetup>,
  configuration: Configuration,
  machines: { plain: RunMachine; hosted: RunMachine } = {
    plain: setup.machine,
    hosted: setup.hostedMachine,
  },
): { machine: RunMachine; world: AlphabetWorld; hosted?: HostedSpec } {
  const world: AlphabetWorld = {
    ...setup.world,
    ...(configuration.undo && { undo: true as const }),
    ...(configuration.refusals && { refusals: true as const }),
  }
  if (configuration.hosted !== true) return { machine: machines.plain, world }
  return {
    machine: machines.hosted,
    world: { ...world, hosted: true },
    hosted: hostedSpec,
  }
}

// Another run of the same machine (same id source) waiting for its own confirmation.
function otherRunCard(
  machine: ReturnType<typeof createAgentRunMachine>,
): AlphabetWorld['otherRun'] {
  const runId = 'other-run'
  const start = getInitialSnapshot(machine, { runId, input: 'other' })
  const [describing] = transition(machine, start, {
    type: 'MODEL_DONE',
    turn: {
      toolCalls: [{ id: 'other-1', name: modelToolNames.write, arguments: '{"text":"other"}' }],
    },
  })
  const [waiting] = transition(machine, describing, {
    type: 'DESCRIBED',
    callId: 'other-1',
    description: describedWithTarget,
  })
  const pending = waiting.context.pending
  if (pending === undefined) throw new Error('the other run issued no confirmation')
  return { runId, confirmationId: pending.confirmationId, digest: pending.digest }
}
