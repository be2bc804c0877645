import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import type { AcceptedDecision } from './driveScenario.ts'
import type { RunLabel } from './scenario.ts'
import { type PlannedCall, seededTaskId } from './scenarioModel.ts'

/** Everything with a side effect, as it is after both runs rest and every tool has finished. */
export interface EffectsSeen {
  workspace: Workspace
  commands: readonly string[]
  calls: readonly PlannedCall[]
  accepted: readonly AcceptedDecision[]
  events: Record<RunLabel, readonly AgentEvent[]>
  /** Runs that were cancelled: an allowed call cut off while executing may or may not have landed. */
  cancelled: ReadonlySet<RunLabel>
}

/**
 * The workspace holds exactly the effects of the calls allowed with a matching id, each once, and
 * nothing else; returns what differs.
 */
export async function checkEffects(seen: EffectsSeen): Promise<string[]> {
  const bad: string[] = []
  const [tasks, memory, artifacts] = await Promise.all([
    seen.workspace.readTasks(),
    seen.workspace.readMemory(),
    seen.workspace.listArtifacts(),
  ])
  const count = (planned: PlannedCall): number => {
    const { marker } = planned
    switch (planned.kind) {
      case 'create_task':
        return tasks.filter((t) => t.title === marker).length
      case 'write_memory':
        return memory.filter((m) => m.text === marker).length
      case 'save_artifact':
        // Only the call's own content counts: another process may have saved that note first.
        return artifacts.filter((a) => a.title === marker && a.content === `notes of ${marker}`)
          .length
      case 'delete_task':
        return tasks.some((t) => t.id === seededTaskId(marker)) ? 0 : 1
      case 'run_command':
        return seen.commands.filter((c) => c === `echo ${marker}`).length
      default:
        return 0
    }
  }
  for (const planned of seen.calls) {
    const allow = seen.accepted.find(
      (d) => d.run === planned.run && d.callId === planned.call.id && d.decision === 'allow',
    )
    // A card whose target changed after it was shown must write nothing, allowed or not.
    const allowed = allow !== undefined && allow.targetChanged !== true
    const completed = seen.events[planned.run].some(
      (e) => e.kind === 'toolCompleted' && e.toolCallId === planned.call.id,
    )
    const n = count(planned)
    const cutOff = allowed && !completed && seen.cancelled.has(planned.run)
    const expected = allowed && completed ? 1 : 0
    if (n !== expected && !(cutOff && n === 1)) {
      const why = allowed
        ? completed
          ? 'allowed and completed'
          : 'allowed'
        : allow !== undefined
          ? 'allowed after its target changed'
          : 'never allowed'
      bad.push(`${planned.kind} ${planned.marker} took effect ${n} times; it was ${why}`)
    }
  }
  // Nothing else changed: every task, memory, artifact and command belongs to a planned call.
  const markers = new Set(seen.calls.map((c) => c.marker))
  const seeds = new Set(seen.calls.map((c) => seededTaskId(c.marker)))
  const strays = [
    ...tasks.filter((t) => !seeds.has(t.id) && !markers.has(t.title)).map((t) => `task ${t.title}`),
    ...memory.filter((m) => !markers.has(m.text)).map((m) => `memory ${m.text}`),
    ...artifacts.filter((a) => !markers.has(a.title)).map((a) => `artifact ${a.title}`),
    ...seen.commands
      .filter((c) => !markers.has(c.replace(/^echo /, '')))
      .map((c) => `command ${c}`),
  ]
  if (strays.length > 0) bad.push(`effects no call asked for: ${strays.join(', ')}`)
  return bad
}
