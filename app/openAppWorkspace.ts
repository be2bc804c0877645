import { resolve } from 'node:path'
import type { Notebook } from '../workspace/schemas.ts'
import { Workspace } from '../workspace/Workspace.ts'

/** The workspace an app run uses: `STUDYPULSE_WORKSPACE` or `./study-workspace` (`./workspace` holds the source code), made with samples on first run. */
export async function openAppWorkspace(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ workspace: Workspace; notebook: Notebook | undefined }> {
  const dir = resolve(env.STUDYPULSE_WORKSPACE ?? 'study-workspace')
  const workspace = await Workspace.openOrCreate(dir, { samples: true })
  const [notebook] = await workspace.readNotebooks()
  return { workspace, notebook }
}
