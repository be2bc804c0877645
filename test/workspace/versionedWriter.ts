// Another process writing one task at a version: `tsx versionedWriter.ts <dir> <id> <version> <title>`.
// Prints what the workspace answered, as JSON.
import { Workspace } from '../../workspace/Workspace.ts'

const [dir = '', id = '', version = '', title = ''] = process.argv.slice(2)
const ws = await Workspace.open(dir)
const current = await ws.readTask(id)
if (current === undefined) throw new Error(`no task ${id}`)
const outcome = await ws.updateTaskAt({ ...current.value, title }, version)
process.stdout.write(JSON.stringify({ ok: outcome.ok }))
