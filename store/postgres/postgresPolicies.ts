import type pg from 'pg'
import { type PolicyRule, PolicyRuleSchema } from '../../workspace/policyFile.ts'
import { summarizeZodIssues } from '../../workspace/summarizeZodIssues.ts'
import type { PolicyLoad } from '../RunStore.ts'
import { withTransaction } from './PostgresSource.ts'

/** The channel a save of the kept rules NOTIFYs, with the saving node's owner id. */
export const POLICIES_CHANNEL = 'studypulse_policies'

/** The kept rules, each read through the rule schema: one bad row is named, never applied. */
export async function loadPolicies(pool: pg.Pool): Promise<PolicyLoad> {
  const { rows } = await pool.query<{ rule: unknown }>(
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
 * Replaces the kept rules in one transaction; its NOTIFY, sent on commit, tells the other nodes
 * to read them again.
 */
export function savePolicies(
  pool: pg.Pool,
  ownerId: string,
  rules: readonly PolicyRule[],
): Promise<void> {
  return withTransaction(pool, async (client) => {
    await client.query('DELETE FROM studypulse.policies')
    await client.query(
      `INSERT INTO studypulse.policies (position, rule)
       SELECT n, r::json FROM unnest($1::text[]) WITH ORDINALITY AS t (r, n)`,
      [rules.map((rule) => JSON.stringify(rule))],
    )
    await client.query('SELECT pg_notify($1, $2)', [POLICIES_CHANNEL, ownerId])
  })
}
