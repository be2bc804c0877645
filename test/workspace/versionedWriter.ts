// Another process writing to a folder workspace, as the terminal chat would beside the web app:
//   tsx versionedWriter.ts <dir> task-at <id> <version> <title>   rename a task at a version
//   tsx versionedWriter.ts <dir> note <title> <content>           save a note over whatever is there
//   tsx versionedWriter.ts <dir> forget <id>                      forget a memory entry
//   tsx versionedWriter.ts <dir> add-task <id> <title>            add a task
// Prints `{"ok":…}`: whether the write landed.
import { Workspace } from '../../workspace/Workspace.ts'

const [dir = '', op = '', ...rest] = process.argv.slice(2)
const ws = await Workspace.open(dir)

async function run(): Promise<boolean> {
  if (op === 'task-at') {
    const [id = '', version = '', title = ''] = rest
    const current = await ws.readTask(id)
    if (current === undefined) return false
    return (await ws.updateTaskAt({ ...current.value, title }, version)).ok
  }
  if (op === 'note') {
    await ws.saveArtifact(rest[0] ?? '', rest[1] ?? '')
    return true
  }
  if (op === 'forget') {
    const current = await ws.readMemoryEntry(rest[0] ?? '')
    return current !== undefined && (await ws.forgetMemoryAt(current.value.id, current.version)).ok
  }
  if (op === 'add-task') {
    const [id = '', title = ''] = rest
    const at = new Date().toISOString()
    await ws.upsertTask({ id, title, done: false, createdAt: at, updatedAt: at })
    return true
  }
  throw new Error(`unknown op ${op}`)
}

process.stdout.write(JSON.stringify({ ok: await run() }))
