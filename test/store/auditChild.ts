// A separate process that appends audit lines to a folder's log (its SQLite file), one commit
// each, as a second app on the folder would (test/store/auditChain.test.ts). Usage: auditChild.ts <root> <tag> <count>
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'

const [root, tag, count] = process.argv.slice(2)
if (!root || !tag || !count) throw new Error('usage: auditChild.ts <root> <tag> <count>')
const store = sqliteRunStore(root)
const runId = `run-${tag}`
await store.claim(runId)
for (let i = 0; i < Number(count); i++) {
  await store.commit(runId, {
    audit: [
      {
        at: new Date().toISOString(),
        runId,
        toolCallId: `${tag}-${i}`,
        toolName: 'create_task',
        permission: 'write',
        decision: 'allow',
        decidedBy: 'user',
        outcome: 'completed',
      },
    ],
  })
}
await store.close()
process.stdout.write('done\n')
