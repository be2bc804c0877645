import type Database from 'libsql'
import { z } from 'zod'
import { AuditReceiptSchema } from '../../vocabulary/SignedReceipt.ts'
import type { DecisionRelay } from '../DecisionRelay.ts'
import type { DecisionOffer, DecisionOfferResult } from '../RunCluster.ts'
import { prepared } from './preparedStatement.ts'
import type { SqliteOwners } from './SqliteOwners.ts'
import { sqliteFault } from './sqliteFaults.ts'
import { firstCell, inTransaction } from './sqliteTransaction.ts'

/**
 * Schema step 4: decisions offered by one process to the process holding the run. An offer's
 * `state` goes `offered` → `taken` (the holder is applying it: it can no longer be withdrawn) →
 * `answered` with its `outcome`, or `offered` → `withdrawn` (the decider stopped waiting: it
 * never applies). Each move is a compare-and-set on `state`.
 */
export const decisionRelayMigration = {
  version: 4,
  name: 'decisions relayed between processes on one folder',
  sql: `
CREATE TABLE decision_offers (
  id integer PRIMARY KEY AUTOINCREMENT,
  run_id text NOT NULL,
  offer text NOT NULL,
  offered_at integer NOT NULL,
  state text NOT NULL DEFAULT 'offered' CHECK (state IN ('offered', 'taken', 'answered', 'withdrawn')),
  outcome text
);
CREATE INDEX decision_offers_waiting ON decision_offers (run_id) WHERE state = 'offered';
`,
}

/** How often each side looks for a change another process committed (`PRAGMA data_version`). */
const pollMs = 20
/** Offers answered or withdrawn longer ago than this are deleted. */
const keptMs = 60 * 60 * 1000

// Stored with a version, read back through zod; a damaged row is refused, never applied.
const StoredOfferSchema = z.object({
  version: z.literal(1),
  confirmationId: z.string(),
  decision: z.enum(['allow', 'deny']),
  decidedBy: z.enum(['user', 'policy', 'timeout']),
  rule: z.string().optional(),
  decider: z
    .object({
      id: z.string().optional(),
      name: z.string().optional(),
      groups: z.array(z.string()).optional(),
    })
    .optional(),
  digest: z.string().optional(),
  keep: z
    .object({
      tool: z.string(),
      effect: z.enum(['allow', 'deny']),
      scope: z.enum(['run', 'session', 'always']),
      runId: z.string().optional(),
    })
    .optional(),
  // Came later, optional: an offer an older process wrote reads the same.
  receipt: AuditReceiptSchema.optional(),
})
// `counted` and `lost` came later, optional: an answer an older process wrote reads the same.
const StoredOutcomeSchema = z.union([
  z.object({ version: z.literal(1), ok: z.literal(true), counted: z.boolean().optional() }),
  z.object({
    version: z.literal(1),
    ok: z.literal(false),
    code: z.enum(['confirmation_not_found', 'run_owned_elsewhere']),
    message: z.string(),
    lost: z
      .object({
        decision: z.enum(['allow', 'deny']),
        decidedBy: z.enum(['user', 'policy', 'timeout']),
        decider: z.object({ id: z.string(), name: z.string().optional() }).optional(),
      })
      .optional(),
  }),
])

/**
 * The SQLite store's `DecisionRelay`: offers are rows of `decision_offers`; the holder's poll
 * sees them when another connection commits (`PRAGMA data_version`), applies them in offer order
 * and records the outcome; the decider's poll reads it. Of two answers to one card the run's own
 * guard takes the first and refuses the other.
 */
export function sqliteDecisionRelay(
  db: Database.Database,
  owners: SqliteOwners,
  now: () => number = Date.now,
): DecisionRelay & { close(): void; keptRulesSaved(): void } {
  // Each rules follower's "what this store holds now", moved by this store's own saves.
  const followers = new Set<() => void>()
  const timers = new Set<ReturnType<typeof setInterval>>()
  // The holder's polls keep no process alive; a decider's wait (it has a deadline) does.
  const every = (tick: () => void, keepsAlive = false) => {
    // A held lock or a full disk refuses this tick only: the next one tries again (a throw
    // from a timer would end the process, as the owners' heartbeat once did).
    const handle = setInterval(() => {
      try {
        tick()
      } catch (error) {
        if (sqliteFault(error, 'studypulse.db') === undefined) throw error
      }
    }, pollMs)
    if (!keepsAlive) handle.unref?.()
    timers.add(handle)
    return () => {
      clearInterval(handle)
      timers.delete(handle)
    }
  }
  const version = () => (prepared(db, 'PRAGMA data_version').raw(true).get() as [number])[0]
  const move = (id: number, from: string, to: string, outcome?: DecisionOfferResult) =>
    inTransaction(db, false, () => {
      const changed = prepared(
        db,
        'UPDATE decision_offers SET state = ?, outcome = ? WHERE id = ? AND state = ?',
      ).run(to, outcome === undefined ? null : JSON.stringify({ version: 1, ...outcome }), id, from)
      return { commit: true, value: Number(changed.changes) === 1 }
    })
  const ownChanges = () => Number(firstCell(db, 'SELECT total_changes()'))
  // The kept rules as one text, compared whole: the table holds a person's few rules.
  const keptRules = () =>
    String(
      firstCell(
        db,
        'SELECT group_concat(rule, char(10)) FROM (SELECT rule FROM policies ORDER BY position)',
      ) ?? '',
    )
  const outcomeOf = (id: number): DecisionOfferResult | undefined => {
    const row = prepared(db, 'SELECT state, outcome FROM decision_offers WHERE id = ?')
      .raw(true)
      .get(id) as [string, string | null] | undefined
    if (row === undefined || row[0] !== 'answered') return undefined
    const parsed = StoredOutcomeSchema.safeParse(JSON.parse(row[1] ?? 'null'))
    if (!parsed.success) {
      return { ok: false, code: 'confirmation_not_found', message: 'the answer could not be read' }
    }
    const { version: _version, ...outcome } = parsed.data
    return outcome
  }
  return {
    offer(runId, offer, timeoutMs) {
      if (owners.heldElsewhere(runId) === undefined) return Promise.resolve(undefined)
      const id = inTransaction(db, false, () => {
        prepared(db, 'DELETE FROM decision_offers WHERE state IN (?, ?) AND offered_at < ?').run(
          'answered',
          'withdrawn',
          now() - keptMs,
        )
        const inserted = prepared(
          db,
          'INSERT INTO decision_offers (run_id, offer, offered_at) VALUES (?, ?, ?)',
        ).run(runId, JSON.stringify({ version: 1, ...offer }), now())
        return { commit: true, value: Number(inserted.lastInsertRowid) }
      })
      const deadline = now() + timeoutMs
      return new Promise((resolve) => {
        const stop = every(() => {
          const answered = outcomeOf(id)
          if (answered !== undefined) {
            stop()
            resolve(answered)
          } else if (now() >= deadline && move(id, 'offered', 'withdrawn')) {
            // Withdrawn before its holder took it: it never applies.
            stop()
            resolve(undefined)
          }
        }, true)
      })
    },
    serve(apply) {
      let seen: string | undefined
      let busy = false
      return every(() => {
        if (busy) return
        // Another connection's commits move `data_version`; this one's move `total_changes()`:
        // a second store in this process (a test's two "processes") shares the folder's one
        // connection (`holdFolderDatabase`), so its offers show only there.
        const current = `${version()}:${ownChanges()}`
        if (current === seen) return
        seen = current
        const waiting = prepared(
          db,
          `SELECT d.id, d.run_id, d.offer FROM decision_offers d JOIN runs r ON r.run_id = d.run_id
             WHERE d.state = 'offered' AND r.owner = ? ORDER BY d.id`,
        )
          .raw(true)
          .all(owners.ownerId) as [number, string, string][]
        if (waiting.length === 0) return
        busy = true
        void (async () => {
          for (const [id, runId, text] of waiting) {
            if (!move(id, 'offered', 'taken')) continue
            const parsed = StoredOfferSchema.safeParse(JSON.parse(text))
            const outcome: DecisionOfferResult = parsed.success
              ? await apply(runId, withoutVersion(parsed.data)).catch((error: unknown) => ({
                  ok: false as const,
                  code: 'confirmation_not_found' as const,
                  message: error instanceof Error ? error.message : String(error),
                }))
              : {
                  ok: false,
                  code: 'confirmation_not_found',
                  message: 'the offer could not be read',
                }
            move(id, 'taken', 'answered', outcome)
          }
        })()
          .catch((error: unknown) => {
            // A refused write leaves its offer where it was: the next tick looks again.
            if (sqliteFault(error, 'studypulse.db') === undefined) throw error
          })
          .finally(() => {
            busy = false
            // Another offer may have come while these were applied: look again next tick.
            seen = undefined
          })
      })
    },
    onPoliciesChanged(listener) {
      // `data_version` moves with other connections' commits only, `total_changes()` with this
      // one's (which another store in this process may share): the rules are read when either
      // moved, and told when they differ from what this store holds. That is what it last read
      // or last saved itself (`keptRulesSaved`): compared with the last read alone, a rule this
      // store kept and another process revoked before the next tick would read as no change.
      let seen = version()
      let own = ownChanges()
      let rules = keptRules()
      const saved = () => {
        rules = keptRules()
      }
      followers.add(saved)
      const stop = every(() => {
        const current = version()
        const mine = ownChanges()
        if (current === seen && mine === own) return
        seen = current
        own = mine
        const now = keptRules()
        if (now === rules) return
        rules = now
        listener()
      })
      return () => {
        followers.delete(saved)
        stop()
      }
    },
    keptRulesSaved() {
      for (const saved of followers) saved()
    },
    close() {
      for (const handle of timers) clearInterval(handle)
      timers.clear()
      followers.clear()
    },
  }
}

function withoutVersion(stored: z.infer<typeof StoredOfferSchema>): DecisionOffer {
  const { version: _version, ...offer } = stored
  return offer as DecisionOffer
}
