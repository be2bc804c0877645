import type { ToolContext } from '../../tools/defineTool.ts'
import type { ExpectedVersion } from '../../workspace/recordVersion.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import type { Task } from '../../workspace/schemas.ts'

const at = '2026-11-30T09:00:00.000Z'

/** A task as stored, made and last changed on Mon 30 Nov 2026. */
export function storedTask(id: string, title = `Task ${id}`, extra: Partial<Task> = {}): Task {
  return { id, title, done: false, createdAt: at, updatedAt: at, ...extra }
}

/**
 * What the describe tests read: task t1 “Essay” due Fri 4 Dec 2026, the memory “I study in the
 * morning” and the note “Exam plan” holding `plan`.
 */
export async function seedStudy(
  ws: StudyWorkspace,
  plan = 'Revise cells\nThen genetics\nSleep early',
): Promise<void> {
  await ws.upsertTask(storedTask('t1', 'Essay', { due: '2026-12-04' }))
  await ws.appendMemory('I study in the morning')
  await ws.saveArtifact('Exam plan', plan)
}

/** What `execute` gets on `ws`, bound to `expectedVersion` when one is given. */
export function toolContext(
  ws: StudyWorkspace,
  options: { expectedVersion?: ExpectedVersion | undefined; now?: Date } = {},
): ToolContext {
  return {
    workspace: ws,
    now: options.now ?? new Date(),
    sourcePaths: [],
    signal: new AbortController().signal,
    generateId: () => 'new',
    ...(options.expectedVersion !== undefined && { expectedVersion: options.expectedVersion }),
  }
}
