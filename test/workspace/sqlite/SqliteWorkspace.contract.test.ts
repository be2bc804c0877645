import { afterEach } from 'vitest'
import { closeFolderDatabase } from '../../../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../../../workspace/sqlite/SqliteWorkspace.ts'
import { studyWorkspaceContract } from '../studyWorkspaceContract.ts'
import { makeTempDirs } from '../tempDir.ts'
import { versionedWritesContract } from '../versionedWritesContract.ts'

const tempDir = makeTempDirs()
const opened: string[] = []
afterEach(() => {
  for (const root of opened.splice(0)) closeFolderDatabase(root)
})

async function fresh(options = {}): Promise<SqliteWorkspace> {
  const root = await tempDir()
  opened.push(root)
  return SqliteWorkspace.open(root, options)
}

studyWorkspaceContract('the folder’s SQLite records', async (options) => {
  const workspace = await fresh(options)
  return { workspace, sourcesDir: workspace.sourcesDir }
})
versionedWritesContract('the folder’s SQLite records', () => fresh())
