import { AgentError } from '../../runtime/AgentError.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { RunStatus } from '../../vocabulary/RunStatus.ts'
import { type RunLabel, runLabels, type Scenario, type Step } from './scenario.ts'
import { runInput } from './scenarioModel.ts'

/** The part of the runtime a scenario uses: what a user and a UI can do with a run. */
export type DrivenRuntime = Pick<
  AgentRuntime,
  'startRun' | 'sendInput' | 'cancel' | 'submitConfirmation' | 'view' | 'subscribe'
>

/** A decision the runtime accepted. */
export interface AcceptedDecision {
  run: RunLabel
  confirmationId: string
  decision: 'allow' | 'deny'
  callId: string
  /** The target the card showed was changed by someone else before this decision. */
  targetChanged?: boolean
}

/** Changes, as someone else would, the target the open card of a call shows; false if it shows none. */
export type ChangeTarget = (run: RunLabel, callId: string) => Promise<boolean>

/** What driving a scenario saw; the checks after it compare this with the runs and the workspace. */
export interface DrivenScenario {
  runIds: Record<RunLabel, string>
  accepted: AcceptedDecision[]
  /** Runs cancelled by a step, and the state they were in when cancelled. */
  cancelledIn: Partial<Record<RunLabel, RunStatus>>
  /** One line per step, e.g. `A allow pending (id-7) while awaitingConfirmation: accepted`. */
  trace: string[]
  /** Answers of the runtime that differ from what the confirmation rule says they must be. */
  violations: string[]
}

/** The states a run rests in until the user acts, or for good. */
export const restingStatuses: readonly RunStatus[] = [
  'awaitingConfirmation',
  'awaitingInput',
  'failed',
  'cancelled',
]

interface Issued {
  confirmationId: string
  callId: string
}

/**
 * Starts both runs and plays the steps, predicting every answer from its own ledger of issued and
 * dead confirmation ids (not from the runtime's) and recording each disagreement.
 */
export async function driveScenario(
  runtime: DrivenRuntime,
  scenario: Scenario,
  changeTarget: ChangeTarget,
): Promise<DrivenScenario> {
  const runIds = {} as Record<RunLabel, string>
  for (const run of runLabels) runIds[run] = runtime.startRun({ input: runInput(run) })
  const out: DrivenScenario = { runIds, accepted: [], cancelledIn: {}, trace: [], violations: [] }
  const issued: Record<RunLabel, Issued[]> = { A: [], B: [] }
  const dead = new Set<string>()
  // Cards whose target someone else changed while they were open.
  const changed = new Set<string>()

  const sync = () => {
    for (const run of runLabels) {
      const seen = new Set(issued[run].map((i) => i.confirmationId))
      for (const e of runtime.view(runIds[run]).events) {
        if (e.kind !== 'confirmationRequired' || e.confirmationId === undefined) continue
        if (seen.has(e.confirmationId)) continue
        issued[run].push({ confirmationId: e.confirmationId, callId: e.toolCallId ?? '' })
      }
    }
  }
  const live = (run: RunLabel): Issued | undefined => {
    const last = issued[run].at(-1)
    return last !== undefined && !dead.has(last.confirmationId) ? last : undefined
  }
  const chooseId = (step: Step & { id: string }, index: number): string => {
    const other = runLabels.find((r) => r !== step.run) as RunLabel
    switch (step.id) {
      case 'pending':
        return (live(step.run) ?? issued[step.run].at(-1))?.confirmationId ?? 'none-issued-yet'
      case 'stale':
        return (
          issued[step.run].filter((i) => dead.has(i.confirmationId)).at(-1)?.confirmationId ??
          'none-used-yet'
        )
      case 'other_run':
        return (live(other) ?? issued[other].at(-1))?.confirmationId ?? 'none-issued-in-other-run'
      default:
        return `wrong-${index}`
    }
  }
  const settle = async () => {
    for (const run of runLabels) {
      try {
        await waitForRun(runtime, runIds[run], restingStatuses)
      } catch (error) {
        out.violations.push(`run ${run} never came to rest: ${describe(error)}`)
      }
    }
  }

  await settle()
  for (const [index, step] of scenario.steps.entries()) {
    sync()
    const runId = runIds[step.run]
    const status = runtime.view(runId).value
    const note = (line: string) => out.trace.push(`${step.run} ${line} while ${status}`)
    const refused = (expected: AgentError['code'], error: unknown) => {
      if (!(error instanceof AgentError) || error.code !== expected) {
        out.violations.push(`step ${index + 1}: expected ${expected}, got ${describe(error)}`)
      }
    }
    if (step.act === 'allow' || step.act === 'deny') {
      const confirmationId = chooseId(step, index)
      const pending = live(step.run)
      if (status === 'awaitingConfirmation' && pending === undefined) {
        out.violations.push(`step ${index + 1}: run ${step.run} waits with no live confirmation`)
      }
      const expected =
        status === 'awaitingConfirmation' && confirmationId === pending?.confirmationId
      let accepted = true
      try {
        await runtime.submitConfirmation(runId, confirmationId, step.act)
      } catch (error) {
        accepted = false
        refused('confirmation_not_found', error)
      }
      const moved = changed.has(confirmationId)
      note(
        `${step.act} ${step.id} (${confirmationId}): ${accepted ? 'accepted' : 'refused'}${moved ? ' (its target changed after the card)' : ''}`,
      )
      if (accepted !== expected) {
        out.violations.push(
          `step ${index + 1}: ${step.act} with ${step.id} id ${confirmationId} was ${accepted ? 'accepted' : 'refused'}; the live id was ${pending?.confirmationId ?? 'none'}`,
        )
      }
      if (accepted && pending !== undefined) {
        dead.add(confirmationId)
        out.accepted.push({
          run: step.run,
          confirmationId,
          decision: step.act,
          callId: pending.callId,
          ...(moved && { targetChanged: true }),
        })
      }
    } else if (step.act === 'change') {
      const pending = status === 'awaitingConfirmation' ? live(step.run) : undefined
      if (pending !== undefined && (await changeTarget(step.run, pending.callId))) {
        changed.add(pending.confirmationId)
        note(`change: the target of ${pending.confirmationId} changed`)
      } else note('change: no target')
    } else if (step.act === 'input') {
      let accepted = true
      try {
        await runtime.sendInput(runId, 'and now?')
      } catch (error) {
        accepted = false
        refused('not_awaiting_input', error)
      }
      note(`input: ${accepted ? 'accepted' : 'refused'}`)
      if (accepted !== (status === 'awaitingInput')) {
        out.violations.push(`step ${index + 1}: input ${accepted ? 'accepted' : 'refused'}`)
      }
    } else {
      try {
        await runtime.cancel(runId)
      } catch (error) {
        out.violations.push(`step ${index + 1}: cancel was refused: ${describe(error)}`)
      }
      note('cancel')
      if (status !== 'failed' && status !== 'cancelled') {
        const pending = live(step.run)
        if (pending !== undefined) dead.add(pending.confirmationId)
        out.cancelledIn[step.run] ??= status
      }
      const after = runtime.view(runId).value
      if (after !== 'cancelled' && after !== 'failed') {
        out.violations.push(`step ${index + 1}: after cancel the run is ${after}`)
      }
    }
    if (step.settle) await settle()
    else await Promise.resolve()
  }
  await settle()
  return out
}

function describe(error: unknown): string {
  if (error instanceof AgentError) return `AgentError(${error.code}): ${error.message}`
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
