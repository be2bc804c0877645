import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { sequentialIds, steppingClock } from '../helpers/tempWorkspace.ts'
import { checkEffects } from './checkEffects.ts'
import { checkRunLog } from './checkRunLog.ts'
import { type DrivenRuntime, driveScenario } from './driveScenario.ts'
import { describeStep, describeTurn, runLabels, type Scenario } from './scenario.ts'
import { changedElsewhere, scenarioModel, seededTaskId, seededTaskTitle } from './scenarioModel.ts'
import { trackedRegistry } from './trackedRegistry.ts'

/** How to play one scenario: a fresh folder for its workspace, and optionally a broken runtime. */
export interface PlayOptions {
  dir: string
  /** Wraps the real runtime, e.g. in a deliberately broken one to show the checks catch it. */
  wrap?: (runtime: AgentRuntime) => DrivenRuntime
}

/** What went wrong in one scenario (empty when the confirmation rule held), and what happened. */
export interface ScenarioOutcome {
  violations: string[]
  trace: string[]
}

/**
 * Plays a scenario on a real runtime over a real workspace with StudyPulse's real tools, then
 * checks the logs, the conversations and the workspace.
 */
export async function playScenario(
  scenario: Scenario,
  options: PlayOptions,
): Promise<ScenarioOutcome> {
  const workspace = await Workspace.create(options.dir)
  const { model, calls, runOf } = scenarioModel(scenario.scripts)
  const at = '2026-11-30T08:00:00.000Z'
  for (const planned of calls.filter((c) => c.kind === 'delete_task')) {
    const task = {
      title: seededTaskTitle(planned.marker),
      done: false,
      createdAt: at,
      updatedAt: at,
    }
    await workspace.upsertTask({ id: seededTaskId(planned.marker), ...task })
  }
  const registry = trackedRegistry()
  const runtime = createAgentRuntime({
    model,
    tools: registry.tools,
    workspace,
    store: sqliteRunStore(workspace.root),
    clock: steppingClock(),
    generateId: sequentialIds('id'),
    durable: scenario.durable,
  })
  try {
    // Another process writes what an open card shows: the seeded task a delete names gets new
    // notes, and the note a save would create appears with other content.
    const changeTarget = async (run: string, callId: string): Promise<boolean> => {
      const planned = calls.find((c) => c.run === run && c.call.id === callId)
      if (planned?.kind === 'delete_task') {
        const task = await workspace.readTask(seededTaskId(planned.marker))
        if (task === undefined) return false
        await workspace.upsertTask({ ...task.value, notes: changedElsewhere })
        return true
      }
      if (planned?.kind === 'save_artifact') {
        await workspace.saveArtifact(planned.marker, changedElsewhere)
        return true
      }
      return false
    }
    const driven = await driveScenario(options.wrap?.(runtime) ?? runtime, scenario, changeTarget)
    await registry.settled()
    await runtime.flush()
    const violations = [...driven.violations]
    for (const run of runLabels) {
      const runId = driven.runIds[run]
      violations.push(
        ...checkRunLog({
          run,
          events: runtime.view(runId).events,
          messages: runtime.view(runId).messages,
          requests: model.requests.filter((r) => runOf(r) === run).map((r) => r.messages),
          status: runtime.view(runId).value,
          calls: calls.filter((c) => c.run === run),
          accepted: driven.accepted.filter((d) => d.run === run),
        }),
      )
    }
    const cancelled = runLabels.filter(
      (run) => runtime.view(driven.runIds[run]).value === 'cancelled',
    )
    violations.push(
      ...(await checkEffects({
        workspace,
        commands: registry.commands,
        calls,
        accepted: driven.accepted,
        events: {
          A: runtime.view(driven.runIds.A).events,
          B: runtime.view(driven.runIds.B).events,
        },
        cancelled: new Set(cancelled),
      })),
    )
    return { violations, trace: driven.trace }
  } finally {
    // A run left waiting may hold a timer for its card; closing stops it, so nothing outlives the scenario.
    await registry.settled()
    await runtime.close()
  }
}

/** A failed scenario as a reader wants it: what broke, the scripts, and what the user did. */
export function describeFailure(scenario: Scenario, outcome: ScenarioOutcome): string {
  const scripts = runLabels.map(
    (run) =>
      `  ${run}: ${scenario.scripts[run].map(describeTurn).join(' | ') || '(answers at once)'}`,
  )
  return [
    'The confirmation rule was broken:',
    ...outcome.violations.map((v) => `  - ${v}`),
    'Model scripts:',
    ...scripts,
    'What happened:',
    ...outcome.trace.map((line, i) => `  ${i + 1}. ${line}`),
    `Steps: ${scenario.steps.map(describeStep).join('; ')}`,
    `Runtime: ${scenario.durable ? 'durable (saves runs in the workspace)' : 'in memory'}`,
  ].join('\n')
}
