import type pg from 'pg'
import { type PolicyRule, PolicyRuleSchema } from '../../workspace/policyFile.ts'
import { withTransaction } from '../../workspace/postgres/PostgresSource.ts'
import { summarizeZodIssues } from '../../workspace/summarizeZodIssues.ts'
import type { PolicyChange, PolicyLoad } from '../RunStore.ts'

/** The channel a save of the kept rules NOTIFYs, with the saving node's owner id. */
export const POLICIES_CHANNEL = 'studypulse_policies'

/**
 * The kept rules in PostgreSQL. A save with a `change` merges: it removes only the rules the
 * change names and adds the ones the table lacks, so two nodes keeping a rule at the same time
 * both keep theirs. Without one it replaces them all. Rows no node could read stay either way.
 */
export class PostgresPolicies {
  readonly #pool: pg.Pool
  readonly #ownerId: string

  constructor(pool: pg.Pool, ownerId: string) {
    this.#pool = pool
    this.#ownerId = ownerId
  }

  /** The kept rules, each read through the rule schema: one bad row is named, never applied. */
  async load(): Promise<PolicyLoad> {
    const { rows } = await this.#pool.query<{ rule: unknown }>(
      'SELECT rule FROM studypulse.policies ORDER BY position',
    )
    const load: PolicyLoad = { rules: [], invalid: [] }
    for (const { rule } of rows) {
      const parsed = PolicyRuleSchema.safeParse(rule)
      if (parsed.success) load.rules.push(parsed.data)
      else load.invalid.push({ rule, reason: summarizeZodIssues(parsed.error) })
    }
    return load
  }

  /**
   * Saves `rules` in one transaction that saves wait for each other on; its NOTIFY, sent on
   * commit, tells the other nodes to read the rules again.
   */
  save(rules: readonly PolicyRule[], change?: PolicyChange): Promise<void> {
    return withTransaction(this.#pool, async (client) => {
      await client.query('LOCK TABLE studypulse.policies IN SHARE ROW EXCLUSIVE MODE')
      const { rows } = await client.query<{ position: number; rule: unknown }>(
        'SELECT position, rule FROM studypulse.policies ORDER BY position',
      )
      const kept = new Set(rules.map((r) => r.id))
      const dropped = change === undefined ? undefined : new Set(change.removed)
      const stored = new Map<string, number>()
      for (const row of rows) {
        const parsed = PolicyRuleSchema.safeParse(row.rule)
        if (parsed.success) stored.set(parsed.data.id, row.position)
      }
      const removed = [...stored].filter(([id]) =>
        dropped === undefined ? !kept.has(id) : dropped.has(id),
      )
      const added = rules.filter((r) => !stored.has(r.id))
      await client.query('DELETE FROM studypulse.policies WHERE position = ANY($1::integer[])', [
        removed.map(([, position]) => position),
      ])
      await client.query(
        `INSERT INTO studypulse.policies (position, rule)
         SELECT coalesce((SELECT max(position) FROM studypulse.policies), 0) + n, r::json
         FROM unnest($1::text[]) WITH ORDINALITY AS t (r, n)`,
        [added.map((rule) => JSON.stringify(rule))],
      )
      await client.query('SELECT pg_notify($1, $2)', [POLICIES_CHANNEL, this.#ownerId])
    })
  }
}
