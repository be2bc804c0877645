import type Database from 'libsql'
import { type PolicyRule, PolicyRuleSchema } from '../../workspace/policyFile.ts'
import { summarizeZodIssues } from '../../workspace/summarizeZodIssues.ts'
import type { PolicyLoad } from '../RunStore.ts'
import { inTransaction } from './sqliteTransaction.ts'

/** The kept rules in the database, each read through the rule schema: a bad row is named, never applied. */
export function loadSqlitePolicies(db: Database.Database): PolicyLoad {
  const rows = db
    .prepare('SELECT rule FROM policies ORDER BY position')
    .pluck(true)
    .all() as string[]
  const load: PolicyLoad = { rules: [], invalid: [] }
  for (const text of rows) {
    let rule: unknown
    try {
      rule = JSON.parse(text)
    } catch {
      load.invalid.push({ rule: text, reason: 'not JSON' })
      continue
    }
    const parsed = PolicyRuleSchema.safeParse(rule)
    if (parsed.success) load.rules.push(parsed.data)
    else load.invalid.push({ rule, reason: summarizeZodIssues(parsed.error) })
  }
  return load
}

/**
 * Replaces the kept rules in one durable transaction: a rule is acknowledged to the person, so
 * it must survive a power cut.
 */
export function saveSqlitePolicies(db: Database.Database, rules: readonly PolicyRule[]): void {
  inTransaction(db, true, () => {
    db.exec('DELETE FROM policies')
    const add = db.prepare('INSERT INTO policies (position, rule) VALUES (?, ?)')
    for (const [i, rule] of rules.entries()) add.run(i + 1, JSON.stringify(rule))
    return { commit: true, value: undefined }
  })
}
