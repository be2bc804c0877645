import { resolve } from 'node:path'
import type { Notebook } from '../workspace/schemas.ts'
import { Workspace } from '../workspace/Workspace.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'

/**
 * The workspace an app run uses: `STUDYPULSE_WORKSPACE` or `./study-workspace` (`./workspace`
 * holds the source code), made with samples on first run. A damaged `notebooks.json` is reported
 * in `problems` and the app goes on without a notebook; a workspace that cannot be opened throws.
 */
export async function openAppWorkspace(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ workspace: Workspace; notebook: Notebook | undefined; problems: string[] }> {
  const dir = resolve(env.STUDYPULSE_WORKSPACE ?? 'study-workspace')
  const workspace = await Workspace.openOrCreate(dir, { samples: true })
  try {
    const [notebook] = await workspace.readNotebooks()
    return { workspace, notebook, problems: [] }
  } catch (error) {
    if (!(error instanceof WorkspaceError) || error.code !== 'corrupt_file') throw error
    return {
      workspace,
      notebook: undefined,
      problems: [`${error.message} Until then no notebook's sources can be read.`],
    }
  }
}
