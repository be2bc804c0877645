import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { DrivenRuntime } from './driveScenario.ts'

/** A deliberately broken runtime edge: the property must catch each of these. */
export interface BrokenRuntime {
  name: string
  wrap: (runtime: AgentRuntime) => DrivenRuntime
  /** The longest shrunk counterexample that still reads at a glance (3 unless the bug needs more). */
  readableSteps?: number
}

// The call on the run's open card, prepared again from its log entry as the runtime prepared it.
function preparedOnCard(runtime: AgentRuntime, runId: string) {
  const { events, pending } = runtime.view(runId)
  const card = events.findLast(
    (e) => e.kind === 'confirmationRequired' && e.toolCallId === pending?.callId,
  )
  if (card?.toolCallId === undefined || card.toolName === undefined) return undefined
  return runtime.tools.prepare(card.toolCallId, card.toolName, card.payloadJson ?? '{}')
}

/** Runtime edges broken the way real approval code breaks; the property test must kill each. */
export const brokenRuntimes: readonly BrokenRuntime[] = [
  {
    name: 'accepts any id for the open card',
    wrap: (runtime) => ({
      ...runtime,
      submitConfirmation: (runId, id, decision, options) =>
        runtime.submitConfirmation(
          runId,
          runtime.view(runId).pending?.confirmationId ?? id,
          decision,
          options,
        ),
    }),
  },
  {
    name: 'applies a decision to the run whose card it names, not the run it was sent to',
    wrap: (runtime) => ({
      ...runtime,
      submitConfirmation: (runId, id, decision, options) => {
        const owner = runtime.runIds().find((r) => runtime.view(r).pending?.confirmationId === id)
        return runtime.submitConfirmation(owner ?? runId, id, decision, options)
      },
    }),
  },
  {
    name: 'turns a deny into an allow',
    wrap: (runtime) => ({
      ...runtime,
      submitConfirmation: (runId, id, _decision, options) =>
        runtime.submitConfirmation(runId, id, 'allow', options),
    }),
  },
  {
    name: 'runs an allowed call a second time',
    wrap: (runtime) => ({
      ...runtime,
      submitConfirmation: async (runId, id, decision, options) => {
        const prepared = preparedOnCard(runtime, runId)
        await runtime.submitConfirmation(runId, id, decision, options)
        if (decision !== 'allow' || prepared === undefined) return
        void runtime.tools.execute(prepared, {
          workspace: runtime.workspace,
          now: new Date(0),
          sourcePaths: [],
          signal: new AbortController().signal,
          generateId: () => `again-${prepared.callId}`,
        })
      },
    }),
  },
  {
    // The mutant: execute does not pass the version the card showed, so a target that
    // changed after the card is written over (or deleted) all the same.
    name: 'executes without the version its card showed',
    // Its shortest scenario is three steps (allow a create, change the task, allow a delete of
    // it), and fast-check's shrinker sometimes keeps one or two harmless steps beside them (seen:
    // another run's input and an allow with nothing pending; the seed is new each run).
    readableSteps: 5,
    wrap: (runtime) => {
      const { tools } = runtime
      const execute = tools.execute.bind(tools)
      tools.execute = (prepared, { expectedVersion: _shown, ...context }) =>
        execute(prepared, context)
      return runtime
    },
  },
  {
    name: 'ignores cancel',
    wrap: (runtime) => ({ ...runtime, cancel: async () => {} }),
  },
  {
    name: 'ends the run on a deny instead of telling the model',
    wrap: (runtime) => ({
      ...runtime,
      submitConfirmation: (runId, id, decision, options) => {
        if (decision === 'allow' || runtime.view(runId).pending?.confirmationId !== id) {
          return runtime.submitConfirmation(runId, id, decision, options)
        }
        return runtime.cancel(runId, 'denied')
      },
    }),
  },
]
