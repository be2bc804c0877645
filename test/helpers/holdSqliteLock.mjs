// Another program holding a SQLite file's write lock: opens the file, BEGIN IMMEDIATE, prints
// `held`, and keeps the lock until a line arrives on stdin; then it commits, prints `released`
// and exits. Usage: node holdSqliteLock.mjs <file>
import { createInterface } from 'node:readline'
import Database from 'libsql'

const db = new Database(process.argv[2])
db.exec('BEGIN IMMEDIATE')
process.stdout.write('held\n')
createInterface({ input: process.stdin }).once('line', () => {
  db.exec('COMMIT')
  db.close()
  process.stdout.write('released\n')
  process.exit(0)
})
