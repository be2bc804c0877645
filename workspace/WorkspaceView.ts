import type { StudyWorkspace } from './StudyWorkspace.ts'

/** The read methods of a workspace, the only ones a view has. */
export const workspaceViewMethods = [
  'readTasks',
  'readTask',
  'readMemory',
  'readMemoryEntry',
  'listArtifacts',
  'readArtifact',
  'readNotebooks',
  'notebook',
  'readSource',
  'readChange',
] as const satisfies readonly (keyof StudyWorkspace)[]

/**
 * A read-only view of a study workspace, for a tool's `describe` step: it can read tasks, memory,
 * notes, notebooks and sources, and has no method that writes, by type and at run time.
 */
export type WorkspaceView = Readonly<Pick<StudyWorkspace, (typeof workspaceViewMethods)[number]>>

/**
 * A view of `source` (a workspace, or another view): a fresh frozen object holding only its read
 * methods, each bound to it, with no prototype. Nothing on it leads back to the workspace, so
 * `(view as any).upsertTask` is undefined and a describe step has no way to write.
 */
export function workspaceView(source: WorkspaceView): WorkspaceView {
  const view: Partial<Record<(typeof workspaceViewMethods)[number], unknown>> = Object.create(null)
  for (const method of workspaceViewMethods) {
    const read = source[method] as (...args: never[]) => unknown
    view[method] = read.bind(source)
  }
  return Object.freeze(view) as WorkspaceView
}
