import type { Person } from '../../vocabulary/Identity.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'

/** A person's study workspace and the notebook their new runs see. */
export interface PersonWorkspace {
  workspace: StudyWorkspace
  notebookId?: string
}

/**
 * Where each person's study data lives: their own workspace (a hosted app's default), or one
 * the whole team shares; the single-user app has one for its one person.
 */
export interface PersonWorkspaces {
  of(person: Person | undefined): Promise<PersonWorkspace>
}

/** The one workspace everybody uses (the single-user app, or a team workspace). */
export function oneWorkspace(workspace: StudyWorkspace, notebookId?: string): PersonWorkspaces {
  const shared: PersonWorkspace = {
    workspace,
    ...(notebookId !== undefined && { notebookId }),
  }
  return { of: () => Promise.resolve(shared) }
}
