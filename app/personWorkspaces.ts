import { join } from 'node:path'
import type { Person } from '../vocabulary/Identity.ts'
import { sha256Hex } from '../vocabulary/sha256.ts'
import type { PostgresSource } from '../workspace/postgres/PostgresSource.ts'
import { PostgresWorkspace } from '../workspace/postgres/PostgresWorkspace.ts'
import type { Notebook } from '../workspace/schemas.ts'
import { Workspace } from '../workspace/Workspace.ts'
import type { PersonWorkspace, PersonWorkspaces } from './server/PersonWorkspaces.ts'

/** The key a person's workspace is kept under: a digest of their id (no id text reaches a path). */
export function personKey(person: Person): string {
  return sha256Hex(person.id).slice(0, 32)
}

/**
 * Each signed-in person's own study workspace, opened on first use and kept: in the folder,
 * `people/<key>/` (made with the samples, as the app's own is on first run); in PostgreSQL the
 * workspace `<base>/<key>` over the same sources. Nobody signed in (the single-user app, or a
 * run of an older version) uses the app's own workspace and notebook.
 */
export function eachPersonsWorkspace(
  base: PersonWorkspace,
  shared?: { source: PostgresSource; workspaceId: string; sourcesDir: string },
): PersonWorkspaces {
  const opened = new Map<string, Promise<PersonWorkspace>>()
  const open = async (key: string): Promise<PersonWorkspace> => {
    let workspace: Workspace | PostgresWorkspace
    let notebook: Notebook | undefined
    if (shared === undefined) {
      const folder = base.workspace as Workspace
      workspace = await Workspace.openOrCreate(join(folder.root, 'people', key), { samples: true })
      ;[notebook] = await workspace.readNotebooks()
    } else {
      const own = await PostgresWorkspace.open(shared.source, {
        workspaceId: `${shared.workspaceId}/${key}`,
        sourcesDir: shared.sourcesDir,
      })
      const seed =
        base.notebookId === undefined ? undefined : await base.workspace.notebook(base.notebookId)
      notebook = await own.firstNotebook(seed)
      workspace = own
    }
    return { workspace, ...(notebook !== undefined && { notebookId: notebook.id }) }
  }
  return {
    of(person) {
      if (person === undefined) return Promise.resolve(base)
      const key = personKey(person)
      let found = opened.get(key)
      if (found === undefined) {
        found = open(key)
        // A failed open is tried again by the next request.
        found.catch(() => opened.delete(key))
        opened.set(key, found)
      }
      return found
    },
  }
}
