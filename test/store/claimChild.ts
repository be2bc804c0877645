// A separate process that claims a run and then idles until it is killed: the crashed owner of
// test/store/takeover.test.ts. Usage: claimChild.ts sqlite <root> <runId> | postgres <url> <runId>
import { postgresRunStore } from '../../store/postgres/postgresRunStore.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'

const [kind, location, runId] = process.argv.slice(2)
if (!location || !runId) throw new Error('usage: claimChild.ts sqlite|postgres <location> <runId>')
const store =
  kind === 'postgres'
    ? await postgresRunStore({ connectionString: location }, { ownerId: 'child', leaseMs: 1_000 })
    : sqliteRunStore(location, { ownerStaleMs: 60_000 })
const claim = await store.claim(runId)
process.stdout.write(`${JSON.stringify(claim)}\n`)
setInterval(() => undefined, 60_000)
