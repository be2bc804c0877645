import { ModelError } from '../../models/ModelError.ts'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { type CallKind, type RunLabel, runLabels, type TurnPlan } from './scenario.ts'

/** One tool call a scenario's model will propose, with the marker its effect leaves behind. */
export interface PlannedCall {
  run: RunLabel
  call: ToolCall
  kind: CallKind
  /** Written into the call's arguments so its effect can be found in the workspace, e.g. `A-c3`. */
  marker: string
}

/** The ids of the tasks a scenario's `delete_task` calls delete: seeded before the runs start. */
export const seededTaskId = (marker: string): string => `seed-${marker}`

/** The title of a seeded task; a `delete_task` call names it, as the tool asks. */
export const seededTaskTitle = (marker: string): string => `seeded for ${marker}`

/** What another process writes into a card's target (a task's notes, a note's content) after the card. */
export const changedElsewhere = 'changed in another window'

/** What a run's first user message says, so the shared model knows whose turn it is playing. */
export const runInput = (run: RunLabel): string => `run ${run}`

/** A scripted model playing both runs' scripts, and every call those scripts propose. */
export interface ScenarioModel {
  model: ScriptedModel
  calls: readonly PlannedCall[]
  /** The run a request belongs to. */
  runOf(request: ModelRequest): RunLabel | undefined
}

/** Builds the model for a scenario: each run plays its turns in order, then answers forever. */
export function scenarioModel(scripts: Record<RunLabel, readonly TurnPlan[]>): ScenarioModel {
  const calls: PlannedCall[] = []
  const turns = {} as Record<RunLabel, (() => ModelTurn)[]>
  for (const run of runLabels) {
    let n = 0
    turns[run] = scripts[run].map((plan) => {
      if (plan === 'answer') return () => ({ text: `${run} is done` })
      if (plan === 'model_error') {
        return () => {
          throw new ModelError('model_unavailable', `${run}: scripted model failure`)
        }
      }
      const toolCalls = plan.map((kind) => {
        n += 1
        const planned = plannedCall(run, `c${n}`, kind)
        calls.push(planned)
        return planned.call
      })
      return () => ({ toolCalls })
    })
  }
  const runOf = (request: ModelRequest): RunLabel | undefined => {
    const first = request.messages.find((m) => m.role === 'user')
    return runLabels.find((run) => first?.content === runInput(run))
  }
  const next: Record<RunLabel, number> = { A: 0, B: 0 }
  const model = new ScriptedModel(
    (request) => {
      const run = runOf(request)
      if (run === undefined) throw new ModelError('model_error', 'a request from no known run')
      const turn = turns[run][next[run]++]
      return turn === undefined ? { text: `${run} has nothing more to do` } : turn()
    },
    { name: 'scenario' },
  )
  return { model, calls, runOf }
}

function plannedCall(run: RunLabel, id: string, kind: CallKind): PlannedCall {
  const marker = `${run}-${id}`
  const call = (name: string, args: Record<string, unknown>): PlannedCall => ({
    run,
    kind,
    marker,
    call: { id, name, arguments: JSON.stringify(args) },
  })
  switch (kind) {
    case 'create_task':
      return call('create_task', { title: marker })
    case 'write_memory':
      return call('write_memory', { text: marker })
    case 'save_artifact':
      return call('save_artifact', { title: marker, content: `notes of ${marker}` })
    case 'delete_task':
      return call('delete_task', { id: seededTaskId(marker), title: seededTaskTitle(marker) })
    case 'run_command':
      return call('run_command', { command: `echo ${marker}` })
    case 'list_tasks':
      return call('list_tasks', {})
    case 'search_workspace':
      return call('search_workspace', { query: marker })
    case 'invalid_arguments':
      return call('create_task', { title: '   ' })
    case 'unknown_tool':
      return call('launch_rockets', { target: marker })
  }
}
