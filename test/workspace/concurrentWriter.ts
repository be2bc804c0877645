// A second process writing tasks into a workspace: `tsx concurrentWriter.ts <dir> <prefix> <n>`.
import { Workspace } from '../../workspace/Workspace.ts'

const [dir = '', prefix = 'p', count = '10'] = process.argv.slice(2)
const ws = await Workspace.open(dir)
const now = '2026-01-01T00:00:00.000Z'
await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    ws.upsertTask({
      id: `${prefix}${i}`,
      title: `Task ${prefix}${i}`,
      done: false,
      createdAt: now,
      updatedAt: now,
    }),
  ),
)
