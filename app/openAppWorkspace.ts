import { resolve } from 'node:path'
import { writeSampleSources } from '../workspace/sampleWorkspace.ts'
import type { Notebook } from '../workspace/schemas.ts'
import { foundOnOpen } from '../workspace/sqlite/importedRecords.ts'
import { Workspace } from '../workspace/Workspace.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'

/**
 * The workspace an app run uses: `STUDYPULSE_WORKSPACE` or `./study-workspace` (`./workspace`
 * holds the source code), made with the sample's sources on first run (`created`: the caller adds
 * the sample's records where they live, the folder's database or PostgreSQL, so a new folder has
 * no record files to import). A damaged `notebooks.json` is reported in `problems` and the app
 * goes on without a notebook, as is what the first open of the folder's records found (a
 * `tasks.json` put back after its import, moved aside); a workspace that cannot be opened throws.
 */
export async function openAppWorkspace(env: NodeJS.ProcessEnv = process.env): Promise<{
  workspace: Workspace
  notebook: Notebook | undefined
  problems: string[]
  created: boolean
}> {
  const dir = resolve(env.STUDYPULSE_WORKSPACE ?? 'study-workspace')
  const existing = await Workspace.open(dir).catch((error: unknown) => {
    if (error instanceof WorkspaceError && error.code === 'not_a_workspace') return undefined
    throw error
  })
  const created = existing === undefined
  const workspace = existing ?? (await Workspace.openOrCreate(dir))
  if (created) await writeSampleSources(workspace.sourcesDir)
  try {
    const [notebook] = await workspace.readNotebooks()
    return { workspace, notebook, problems: [...foundOnOpen(workspace)], created }
  } catch (error) {
    if (!(error instanceof WorkspaceError) || error.code !== 'corrupt_file') throw error
    return {
      workspace,
      created,
      notebook: undefined,
      problems: [
        ...foundOnOpen(workspace),
        `${error.message} Until then no notebook's sources can be read.`,
      ],
    }
  }
}
