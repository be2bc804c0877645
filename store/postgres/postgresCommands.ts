import type pg from 'pg'
import type { PgListener } from '../../workspace/postgres/PgListener.ts'
import { withTransaction } from '../../workspace/postgres/PostgresSource.ts'
import {
  parseStoredCommand,
  parseStoredOutcome,
  type RunCommand,
  type RunCommandOfferResult,
  type RunCommandOutcome,
  type StoredRunCommand,
} from '../RunCommand.ts'

/** The channel commands NOTIFY on: `{"runId"}` when one is offered, `{"runId","applied":[ids]}` once applied. */
export const COMMANDS_CHANNEL = 'studypulse_commands'

const json = (value: unknown) => JSON.stringify(value)
/** What a command still waiting when its run ends is answered (see `commit_run`). */
export const endedOutcome = {
  version: 1,
  ok: false,
  code: 'run_ended',
  message: 'the run has ended',
}

/**
 * Stores a command for a run's owner in one transaction, and NOTIFYs it. The run's row is read
 * under a share lock, so a commit that ends the run comes wholly before (the offer is refused) or
 * after (its sweep answers the command `run_ended`). An edit also marks its open, undecided card:
 * a decision offered later finds the card taken, and so does a second edit.
 */
export function offerCommand(
  pool: pg.Pool,
  runId: string,
  command: RunCommand,
): Promise<RunCommandOfferResult> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ status: string }>(
      'SELECT status FROM studypulse.runs WHERE run_id = $1 AND snapshot IS NOT NULL FOR SHARE',
      [runId],
    )
    const status = rows[0]?.status
    if (status === undefined) {
      return { ok: false, code: 'run_not_found', message: `no run has id "${runId}"` }
    }
    if (status !== 'open') {
      return { ok: false, code: 'run_ended', message: `run ${runId} has ended` }
    }
    const inserted = await client.query<{ id: string }>(
      'INSERT INTO studypulse.run_commands (run_id, command) VALUES ($1, $2) RETURNING id::text',
      [runId, json({ version: 1, ...command })],
    )
    const id = inserted.rows[0]?.id as string
    if (command.kind === 'edit') {
      const { rowCount } = await client.query(
        `UPDATE studypulse.pending_confirmations SET edit_command = $3
         WHERE confirmation_id = $1 AND run_id = $2 AND decision IS NULL AND resolved_at IS NULL
           AND edit_command IS NULL`,
        [command.confirmationId, runId, id],
      )
      if (rowCount !== 1) {
        await client.query('DELETE FROM studypulse.run_commands WHERE id = $1', [id])
        return {
          ok: false,
          code: 'confirmation_not_found',
          message: `run ${runId} has no open, undecided confirmation ${command.confirmationId}`,
        }
      }
    }
    await client.query('SELECT pg_notify($1, $2)', [COMMANDS_CHANNEL, json({ runId })])
    return { ok: true, id }
  })
}

/** Commands of `runId` not applied yet, oldest first. */
export async function pendingCommands(pool: pg.Pool, runId: string): Promise<StoredRunCommand[]> {
  const { rows } = await pool.query<{ id: string; command: unknown; offered_at: Date }>(
    `SELECT id::text, command, offered_at FROM studypulse.run_commands
     WHERE run_id = $1 AND applied_at IS NULL ORDER BY id`,
    [runId],
  )
  return rows.map((row) => ({
    id: row.id,
    runId,
    command: parseStoredCommand(row.command),
    offeredAt: row.offered_at.toISOString(),
  }))
}

/** Runs held by `ownerId` that have a command not applied yet. */
export async function runsWithPendingCommands(pool: pg.Pool, ownerId: string): Promise<string[]> {
  const { rows } = await pool.query<{ run_id: string }>(
    `SELECT DISTINCT c.run_id FROM studypulse.run_commands c
     JOIN studypulse.runs r ON r.run_id = c.run_id
     WHERE r.owner = $1 AND c.applied_at IS NULL`,
    [ownerId],
  )
  return rows.map((r) => r.run_id)
}

/**
 * This node's side of the commands channel: wakes owners for offered commands (and, each time it
 * starts listening, for their runs with any waiting), and resolves waits for outcomes.
 */
export class CommandChannel {
  readonly #pool: pg.Pool
  readonly #listener: PgListener
  readonly #ownerId: string
  readonly #waiters = new Map<string, Set<{ look: () => void; finish: () => void }>>()
  readonly #stops: (() => void)[]
  #closed = false

  constructor(pool: pg.Pool, listener: PgListener, ownerId: string) {
    this.#pool = pool
    this.#listener = listener
    this.#ownerId = ownerId
    this.#stops = [
      listener.on(COMMANDS_CHANNEL, (payload) => {
        const { applied } = JSON.parse(payload) as { applied?: number[] }
        for (const id of applied ?? []) this.#wake(String(id))
      }),
      // Notifications sent before this node listened, or while its connection was down, are
      // lost: every wait looks again.
      listener.onListening(() => {
        for (const id of [...this.#waiters.keys()]) this.#wake(id)
      }),
    ]
  }

  /** Calls `handler` with each run a command is offered to (see `RunCommandInbox.onCommand`). */
  onOffered(handler: (runId: string) => void): () => void {
    const stops = [
      this.#listener.on(COMMANDS_CHANNEL, (payload) => {
        const note = JSON.parse(payload) as { runId: string; applied?: unknown }
        if (note.applied === undefined) handler(note.runId)
      }),
      // A command offered before the first LISTEN took effect (the owner's listener still
      // connecting: seen under load) or while the connection was down sent a NOTIFY nobody here
      // heard: its run is woken from what the store holds.
      this.#listener.onListening(() => {
        void runsWithPendingCommands(this.#pool, this.#ownerId).then(
          (runIds) => {
            for (const runId of runIds) this.#listener.deliver(() => handler(runId))
          },
          () => undefined,
        )
      }),
    ]
    void this.#listener.ready().catch(() => undefined)
    return () => {
      for (const stop of stops) stop()
    }
  }

  /** The command's outcome once applied; undefined if it is not within `timeoutMs` (or unknown). */
  outcome(id: string, timeoutMs: number): Promise<RunCommandOutcome | undefined> {
    if (this.#closed || !/^\d{1,18}$/.test(id)) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      let settled = false
      let waiters = this.#waiters.get(id)
      if (waiters === undefined) {
        waiters = new Set()
        this.#waiters.set(id, waiters)
      }
      const finish = (outcome: RunCommandOutcome | undefined) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        waiters.delete(waiter)
        if (waiters.size === 0) this.#waiters.delete(id)
        resolve(outcome)
      }
      // Registered before the first look, so an outcome recorded meanwhile still wakes it. A
      // look that fails (the connection dropped) waits for the next wake: a reconnect is one.
      const look = () => {
        void this.#read(id).then(
          (found) => {
            if (found === 'unknown') finish(undefined)
            else if (found !== 'waiting') finish(found)
          },
          () => undefined,
        )
      }
      const waiter = { look, finish: () => finish(undefined) }
      const timer = setTimeout(waiter.finish, timeoutMs)
      timer.unref()
      waiters.add(waiter)
      void this.#listener.ready().then(look, look)
    })
  }

  /** Stops listening; waits still under way resolve as not applied. */
  close(): void {
    this.#closed = true
    for (const stop of this.#stops.splice(0)) stop()
    for (const waiters of [...this.#waiters.values()]) for (const { finish } of waiters) finish()
  }

  #wake(id: string): void {
    for (const { look } of this.#waiters.get(id) ?? []) look()
  }

  async #read(id: string): Promise<RunCommandOutcome | 'waiting' | 'unknown'> {
    const { rows } = await this.#pool.query<{ applied: boolean; outcome: unknown }>(
      'SELECT applied_at IS NOT NULL AS applied, outcome FROM studypulse.run_commands WHERE id = $1',
      [id],
    )
    const row = rows[0]
    if (row === undefined) return 'unknown'
    return row.applied ? parseStoredOutcome(row.outcome) : 'waiting'
  }
}
