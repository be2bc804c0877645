import { exportDestination, exportRecords } from '../workspace/sqlite/exportRecords.ts'
import { closeFolderDatabase } from '../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../workspace/sqlite/SqliteWorkspace.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'
import { describeStartupFailure } from './startRuntime.ts'

// `npm run export [-- <folder>]`: a readable copy of the tasks, memory and notebooks (the folder
// workspace keeps them in studypulse.db), in `<workspace>/export/` unless a folder is given.
const args = process.argv.slice(2)
if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
  console.error('studypulse export: the one argument is the folder to write into')
  process.exit(1)
}
try {
  const { workspace, problems } = await openAppWorkspace()
  const records = SqliteWorkspace.open(workspace.root)
  for (const line of [...problems, ...records.found]) console.log(`studypulse: ${line}`)
  const into = await exportDestination(workspace.root, args[0])
  const files = await exportRecords(records, into)
  closeFolderDatabase(workspace.root)
  console.log(`wrote ${files.join(', ')} into ${into} (a copy: editing it changes nothing)`)
} catch (error) {
  console.error(describeStartupFailure(error))
  process.exit(1)
}
