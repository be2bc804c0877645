import { Workspace } from '../../workspace/Workspace.ts'
import { studyWorkspaceContract } from './studyWorkspaceContract.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()

studyWorkspaceContract('the folder Workspace', async (options) => {
  const workspace = await Workspace.create(await tempDir(), options)
  return { workspace, sourcesDir: workspace.sourcesDir }
})
