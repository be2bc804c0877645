import { join } from 'node:path'
import { type PostgresRunStore, postgresRunStore } from '../store/postgres/postgresRunStore.ts'
import { PostgresWorkspace } from '../workspace/postgres/PostgresWorkspace.ts'
import type { Notebook } from '../workspace/schemas.ts'
import type { Workspace } from '../workspace/Workspace.ts'

/** The runs and the study workspace in PostgreSQL, shared by every node started on the database. */
export interface SharedStore {
  store: PostgresRunStore
  workspace: PostgresWorkspace
  notebook: Notebook | undefined
  /** How often the runtime looks for runs whose node died (their lease ran out). */
  rescanEveryMs: number
}

const leaseMs = 15_000

/**
 * Opens the store and workspace every node of `STUDYPULSE_DATABASE_URL` shares (workspace id
 * `STUDYPULSE_WORKSPACE_ID`, default `studypulse`). Sources stay files in the folder workspace's
 * `sources/`. The first node to start copies its first notebook in; the others find it there.
 */
export async function openSharedStore(
  databaseUrl: string,
  folder: Workspace,
  folderNotebook: Notebook | undefined,
  env: NodeJS.ProcessEnv,
): Promise<SharedStore> {
  const store = await postgresRunStore({ connectionString: databaseUrl }, { leaseMs })
  try {
    const workspace = await PostgresWorkspace.open(
      { pool: store.pool },
      {
        workspaceId: env.STUDYPULSE_WORKSPACE_ID ?? 'studypulse',
        sourcesDir: join(folder.root, 'sources'),
        // A new shared workspace starts as a new folder one does, seeded once by the first node.
        samples: true,
      },
    )
    const notebook = await workspace.firstNotebook(folderNotebook)
    return { store, workspace, notebook, rescanEveryMs: leaseMs / 3 }
  } catch (error) {
    await store.close()
    throw error
  }
}
