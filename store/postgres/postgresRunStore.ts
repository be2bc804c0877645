import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import { migrate } from '../../workspace/postgres/migrate.ts'
import { PgListener } from '../../workspace/postgres/PgListener.ts'
import {
  openPool,
  type PostgresSource,
  poolLocation,
  withTransaction,
} from '../../workspace/postgres/PostgresSource.ts'
import type { AuditRecord } from '../AuditRecord.ts'
import { withoutChain } from '../auditChain.ts'
import type { RunCluster } from '../RunCluster.ts'
import type { RunStore } from '../RunStore.ts'
import { RunStoreError } from '../RunStoreError.ts'
import { parseStoredRunSnapshot } from '../storedRunSnapshot.ts'
import { commitRun, isServerRestart, relaxedOnPostgres } from './commitRun.ts'
import { databaseClock } from './databaseClock.ts'
import { followRunEvents } from './followRunEvents.ts'
import { checkpointEvery, defaultCheckpointEveryMs } from './postgresAuditLog.ts'
import {
  COMMANDS_CHANNEL,
  CommandChannel,
  offerCommand,
  pendingCommands,
} from './postgresCommands.ts'
import {
  DECISIONS_CHANNEL,
  decidedUnresolved,
  decisionsChannelOf,
  forgetKeptRules,
  keptRulesOf,
  offerDecision,
  parseDecisionNote,
  releaseDecision,
  runsWithUnresolvedDecisions,
} from './postgresDecisions.ts'
import { postgresPasskeyStore } from './postgresPasskeyStore.ts'
import { POLICIES_CHANNEL, PostgresPolicies } from './postgresPolicies.ts'
import { listRuns } from './postgresRunList.ts'
import { postgresSessionStore } from './postgresSessionStore.ts'
import { RunLeases } from './RunLeases.ts'
import { serverIncarnation } from './serverIncarnation.ts'

/** Options of the PostgreSQL store. */
export interface PostgresRunStoreOptions {
  /** This node's name in the `owner` column; a fresh UUID by default. */
  ownerId?: string
  /** How long a claim lasts without renewal; the store renews every third of it (default 15 s). */
  leaseMs?: number
  /** This node's own clock in ms (`Date.now` by default; the runtime's): `clockOffsetMs` is from it. */
  localClock?: () => number
  /**
   * How often this node offers to checkpoint the audit chains (default 5 s; 0: never, for tests
   * that write checkpoints themselves). One node writes each; the others skip.
   */
  auditCheckpointEveryMs?: number
}

/** The PostgreSQL store: a `RunStore` whose `cluster` shares decisions, commands, event feeds, rules and leases across nodes. */
export interface PostgresRunStore extends RunStore {
  readonly cluster: RunCluster
  /** This node's owner id. */
  readonly ownerId: string
  /** The pool the store queries; `PostgresWorkspace` may share it. */
  readonly pool: pg.Pool
  /** Renews this node's leases now (the heartbeat does it by itself). */
  renewClaims(): Promise<void>
  /** Resolves once this node hears other nodes' notifications (decisions, events, rules). */
  listening(): Promise<void>
}

const defaultLeaseMs = 15_000

/**
 * A run store in PostgreSQL, for a runtime spread over several processes and machines: runs
 * (small snapshot, owner, lease, status), the append-only `run_events`, the journal, the audit
 * log and the policies, in the `studypulse` schema that versioned migrations bring up to date
 * before the store is handed back. One commit is one transaction.
 */
export async function postgresRunStore(
  source: PostgresSource,
  options: PostgresRunStoreOptions = {},
): Promise<PostgresRunStore> {
  const leaseMs = options.leaseMs ?? defaultLeaseMs
  if (!Number.isFinite(leaseMs) || leaseMs < 100) {
    throw new RangeError(`leaseMs must be at least 100 (got ${leaseMs})`)
  }
  const { pool, owned } = openPool(source)
  try {
    await migrate(pool)
  } catch (error) {
    if (owned) await pool.end()
    if (error instanceof RunStoreError) throw error
    throw new RunStoreError('store_unavailable', `PostgreSQL: ${(error as Error).message}`)
  }
  const ownerId = options.ownerId ?? randomUUID()
  const clock = await databaseClock(pool, options.localClock)
  const server = await serverIncarnation(pool)
  // pg-pool keeps the password out of the spread (a non-enumerable property).
  const connection = { ...pool.options, password: pool.options.password }
  const heartbeat = new pg.Pool({
    ...connection,
    max: 1,
    application_name: `studypulse-leases ${ownerId}`,
  })
  heartbeat.on('error', () => undefined)
  const leases = new RunLeases(pool, heartbeat, ownerId, leaseMs)
  const policies = new PostgresPolicies(pool, ownerId)
  const listener = new PgListener(
    { ...connection, application_name: `studypulse-listener ${ownerId}` },
    // The events channel only while this node follows a run (see `followRunEvents`).
    [DECISIONS_CHANNEL, decisionsChannelOf(ownerId), POLICIES_CHANNEL, COMMANDS_CHANNEL],
  )
  const commands = new CommandChannel(pool, listener, ownerId)
  const checkpointMs = options.auditCheckpointEveryMs ?? defaultCheckpointEveryMs
  const stopCheckpoints = checkpointMs > 0 ? checkpointEvery(pool, checkpointMs) : () => undefined
  let closed: Promise<void> | undefined

  // The run's saved snapshot read through its schema (a string says why it is unreadable).
  const readSnapshot = async (runId: string) => {
    const { rows } = await pool.query<{ snapshot: unknown }>(
      'SELECT snapshot FROM studypulse.runs WHERE run_id = $1 AND snapshot IS NOT NULL',
      [runId],
    )
    return rows.length === 0 ? undefined : parseStoredRunSnapshot(rows[0]?.snapshot, runId)
  }

  const readEvents = async (runId: string, afterSeq = 0): Promise<AgentEvent[]> => {
    const { rows } = await pool.query<{ event: AgentEvent }>(
      'SELECT event FROM studypulse.run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq',
      [runId, afterSeq],
    )
    return rows.map((r) => r.event)
  }

  // The open runs a claim could take now: no owner, this one, or a lease that ran out.
  const listClaimableRuns = async (): Promise<string[]> => {
    const { rows } = await pool.query<{ run_id: string }>(
      `SELECT run_id FROM studypulse.runs
       WHERE status = 'open' AND snapshot IS NOT NULL
         AND (owner IS NULL OR owner = $1 OR lease_expires_at <= now())
       ORDER BY run_id`,
      [ownerId],
    )
    return rows.map((r) => r.run_id)
  }

  return {
    ownerId,
    pool,
    location: poolLocation(pool),
    sessions: postgresSessionStore(pool),
    passkeys: postgresPasskeyStore(pool),
    claim: (runId) => leases.claim(runId),
    claimNew: (runId) => {
      leases.claimAtFirstCommit(runId)
      return Promise.resolve({ ok: true })
    },
    unclaim: (runId) => leases.unclaim(runId),
    renewClaims: () => leases.renew(),
    cluster: {
      ownerId,
      decidesWithEffects: true,
      clockOffsetMs: () => clock.offsetMs(),
      onClaimLost: (lost) => leases.onLost(lost),
      listClaimableRuns,
      onPoliciesChanged(handler) {
        const stops = [
          listener.on(POLICIES_CHANNEL, () => handler()),
          // A save announced before this node listened (its rules were read meanwhile) or while
          // the connection was down is lost: read the rules again anyway.
          listener.onListening(handler),
        ]
        void listener.ready().catch(() => undefined)
        return () => {
          for (const stop of stops) stop()
        }
      },
      keptRulesOf: (runId) => keptRulesOf(pool, runId),
      forgetKeptRules: (runId, tool, effect) => forgetKeptRules(pool, runId, tool, effect),
      offerDecision: async (runId, offer, offerOptions) => {
        // The card opens when its commit lands: this node's own may still be on its way.
        await offerOptions?.saved?.()
        return offerDecision(pool, runId, offer)
      },
      decidedUnresolved: (runId) => decidedUnresolved(pool, runId),
      releaseDecision: (runId, confirmationId) => releaseDecision(pool, runId, confirmationId),
      onDecision(handler) {
        const heard = (payload: string) => {
          const note = parseDecisionNote(payload)
          if (note !== undefined) handler(note.runId, note.decision)
        }
        const stops = [
          listener.on(DECISIONS_CHANNEL, heard),
          listener.on(decisionsChannelOf(ownerId), heard),
          // NOTIFYs sent before this node listened, or while its connection was down, are lost:
          // wake this node's runs that have one.
          listener.onListening(() => {
            void runsWithUnresolvedDecisions(pool, ownerId).then(
              (runIds) => {
                // Inside a promise a throw would be an unhandled rejection: report it like a NOTIFY's.
                for (const runId of runIds) listener.deliver(() => handler(runId))
              },
              () => undefined,
            )
          }),
        ]
        void listener.ready().catch(() => undefined)
        return () => {
          for (const stop of stops) stop()
        }
      },
      offerCommand: async (runId, command, offerOptions) => {
        await offerOptions?.saved?.()
        return offerCommand(pool, runId, command)
      },
      pendingCommands: (runId) => pendingCommands(pool, runId),
      onCommand: (handler) => commands.onOffered(handler),
      commandOutcome: (id, timeoutMs) => commands.outcome(id, timeoutMs),
      followEvents: (runId, followOptions) =>
        followRunEvents(listener, readEvents, runId, followOptions),
    },
    async listOpenRuns() {
      const { rows } = await pool.query<{ run_id: string }>(
        "SELECT run_id FROM studypulse.runs WHERE status = 'open' AND snapshot IS NOT NULL ORDER BY run_id",
      )
      return rows.map((r) => r.run_id)
    },
    listRuns: (query = {}) =>
      listRuns(pool, query, async (runId) => {
        const parsed = await readSnapshot(runId)
        return typeof parsed === 'object' ? parsed.snapshot : undefined
      }),
    async peekRun(runId) {
      const parsed = await readSnapshot(runId)
      return parsed === undefined || typeof parsed === 'string' ? undefined : parsed.snapshot
    },
    async loadRun(runId) {
      const parsed = await readSnapshot(runId)
      if (parsed === undefined) return undefined
      if (typeof parsed === 'string') {
        throw new RunStoreError('corrupt_run', `run ${runId} cannot be restored: ${parsed}`)
      }
      const { snapshot, embeddedEvents } = parsed
      return withTransaction(pool, async (client) => {
        if (embeddedEvents.length > 0) {
          await client.query(
            `INSERT INTO studypulse.run_events (run_id, seq, event)
             SELECT $1, s, e::json FROM unnest($2::integer[], $3::text[]) AS t (s, e)
             ON CONFLICT (run_id, seq) DO NOTHING`,
            [runId, embeddedEvents.map((e) => e.seq), embeddedEvents.map((e) => JSON.stringify(e))],
          )
        }
        // Events appended without their snapshot: the run resumes from the snapshot and logs them
        // again under the same numbers, so they go, unless another node's live lease covers the run.
        const ahead = await client.query<{ count: number }>(
          'SELECT count(*)::integer AS count FROM studypulse.run_events WHERE run_id = $1 AND seq > $2',
          [runId, snapshot.lastSeq],
        )
        await client.query(
          `DELETE FROM studypulse.run_events WHERE run_id = $1 AND seq > $2 AND NOT EXISTS (
             SELECT 1 FROM studypulse.runs WHERE run_id = $1 AND owner IS NOT NULL
               AND owner <> $3 AND lease_expires_at > now())`,
          [runId, snapshot.lastSeq, ownerId],
        )
        if (snapshot.messageCount !== undefined) {
          await client.query(
            `DELETE FROM studypulse.run_messages WHERE run_id = $1 AND position >= $2 AND NOT EXISTS (
               SELECT 1 FROM studypulse.runs WHERE run_id = $1 AND owner IS NOT NULL
                 AND owner <> $3 AND lease_expires_at > now())`,
            [runId, snapshot.messageCount, ownerId],
          )
        }
        return { snapshot, eventsAhead: ahead.rows[0]?.count ?? 0 }
      })
    },
    async commit(runId, commit) {
      const lease = leases.firstCommitLease(runId)
      const save = (claimMs?: number) =>
        commitRun(pool, ownerId, runId, commit, claimMs, {
          relaxed: relaxedOnPostgres(commit),
          serverStartedAt: server.startedAt(),
        }).catch(async (error: unknown) => {
          // The server restarted: what this node holds may have lost relaxed saves. Every held
          // run is let go here, and the rescan restores each from what the database kept.
          if (isServerRestart(error) && (await server.changed())) leases.dropAll()
          throw error
        })
      if (lease === undefined) return save()
      // Only a new run's first save (`started`) takes the lease; any other commit first claims.
      if (commit.started === undefined) {
        const claim = await leases.claim(runId)
        if (!claim.ok) {
          throw new RunStoreError(
            'run_owned_elsewhere',
            `run ${runId} is held by ${claim.owner ?? 'another node'}`,
          )
        }
        return save()
      }
      await save(lease)
      leases.firstCommitLanded(runId)
    },
    readEvents,
    async readMessages(runId) {
      const { rows } = await pool.query<{ message: ChatMessage }>(
        'SELECT message FROM studypulse.run_messages WHERE run_id = $1 ORDER BY position',
        [runId],
      )
      return rows.map((r) => r.message)
    },
    async readJournal(runId) {
      const { rows } = await pool.query<{ record: JournalRecord }>(
        'SELECT record FROM studypulse.run_journal WHERE run_id = $1 ORDER BY id',
        [runId],
      )
      return rows.map((r) => r.record)
    },
    async readAudit() {
      const { rows } = await pool.query<{ record: AuditRecord }>(
        'SELECT record FROM studypulse.audit ORDER BY id',
      )
      return rows.map((r) => withoutChain(r.record))
    },
    loadPolicies: () => policies.load(),
    savePolicies: (rules, change) => policies.save(rules, change),
    listening: () => listener.ready(),
    close() {
      closed ??= (async () => {
        clock.stop()
        stopCheckpoints()
        commands.close()
        await listener.close()
        await leases.releaseAll().catch(() => undefined)
        await heartbeat.end()
        if (owned && !pool.ended) await pool.end()
      })()
      return closed
    },
  }
}
