import type pg from 'pg'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import type { OutcomeDecision, OutcomeOptions } from '../AtomicOutcomes.ts'
import type { ChangeCommit } from '../changes/ChangeCommit.ts'
import type { KeptChange } from '../changes/KeptChange.ts'
import type { RecordWrite } from '../changes/recordPatches.ts'
import { validWrites } from '../changes/validWrites.ts'
import type { StudyWorkspace } from '../StudyWorkspace.ts'

/** What sending an effect did: written, or nothing written and why. */
export type EffectSent = 'sent' | 'held_elsewhere' | 'decided_elsewhere' | 'conflict'

/**
 * A tool's effect that is only new records (a new task, a new note) needs nothing read or locked
 * first: the table's key is the compare-and-set (`expected: null`), so the effect, the change
 * kept for undo, the lease check, the person's decision and the call's intent and outcome go to
 * PostgreSQL as one statement, one transaction, instead of BEGIN, a locked read, the writes, the
 * journal and COMMIT (six round trips). Anything else the effect asks of its workspace (a read,
 * an update, an undo, a memory entry, whose id is not a key) turns this off, and the caller runs
 * the effect again in an interactive transaction, checked and written as before: nothing was
 * sent yet.
 */
export interface DeferredEffect {
  /** The workspace the effect runs on: it keeps new records instead of writing them. */
  readonly workspace: StudyWorkspace
  /** False once the effect asked for anything this path cannot do in one statement. */
  usable(): boolean
  /** Sends the kept records and changes and `journal` as one statement (see `sendEffect`). */
  send(
    pool: pg.Pool,
    runId: string,
    options: OutcomeOptions,
    journal: JournalRecord[],
  ): Promise<EffectSent>
}

// What the effect may still touch: identity and clock, and files under `sourcesDir` (not rows).
const passThrough = new Set([
  'clock',
  'generateId',
  'workspaceId',
  'sourcesDir',
  'location',
  'readSource',
])

interface NewRow {
  id: string
  value: string
}

/** Runs against `workspace`'s identity; keeps only changes that create task or note rows. */
export function deferredEffect(
  workspace: StudyWorkspace & { workspaceId: string },
): DeferredEffect {
  let usable = true
  const tasks: NewRow[] = []
  const notes: NewRow[] = []
  const changes: KeptChange[] = []
  const commitChange = async (
    change: KeptChange,
    writes: readonly RecordWrite[],
  ): Promise<ChangeCommit> => {
    const creates =
      change.undoes === undefined &&
      writes.every((w) => w.expected === null && w.value !== undefined && w.kind !== 'memory')
    let valid: RecordWrite[] | undefined
    try {
      valid = creates ? validWrites(writes) : undefined
    } catch {
      // The interactive path says what is wrong, after its own checks, as it always has.
      valid = undefined
    }
    if (valid === undefined) {
      usable = false
      return { ok: false, code: 'change_not_found', changeId: change.changeId }
    }
    for (const write of valid) {
      const row = { id: write.id, value: JSON.stringify(write.value) }
      ;(write.kind === 'task' ? tasks : notes).push(row)
    }
    changes.push(change)
    // New rows had no place before: the change is kept as it is.
    return { ok: true, change }
  }
  const bound = new Proxy(workspace, {
    get(target, property) {
      if (property === 'commitChange') return commitChange
      const value = Reflect.get(target, property)
      if (typeof property === 'string' && passThrough.has(property)) {
        return typeof value === 'function' ? value.bind(target) : value
      }
      if (typeof value !== 'function') return value
      return () => {
        usable = false
        return Promise.reject(new Error('this effect needs a transaction'))
      }
    },
  })
  return {
    workspace: bound,
    usable: () => usable,
    send: (pool, runId, options, journal) =>
      sendEffect(pool, {
        runId,
        owner: options.owner,
        decision: options.decision,
        workspaceId: workspace.workspaceId,
        tasks,
        notes,
        changes,
        journal,
      }),
  }
}

/**
 * The person's allow on a card, as one UPDATE: only an open, undecided, unedited card for this
 * digest and not past its deadline (the database's clock) takes it, so of several decisions at
 * once exactly one wins, as `offerDecision`'s does. `$1` is the run; the others are named, and
 * `only` is a further condition (the lease held: a data-modifying CTE runs whatever follows it).
 */
export function cardCompareAndSet(
  card: string,
  digest: string,
  decider: string,
  only = 'true',
): string {
  return `UPDATE studypulse.pending_confirmations
    SET decision = 'allow', decided_by = 'user', decider = ${decider}::json, decided_at = now()
    WHERE confirmation_id = ${card} AND run_id = $1 AND decision IS NULL
      AND resolved_at IS NULL AND edit_command IS NULL AND digest = ${digest}
      AND (expires_at IS NULL OR expires_at > now()) AND ${only}
    RETURNING 1`
}

/**
 * One statement: the run's row read under a share lock with the lease check (a claim waits for
 * this transaction, and a lost lease writes nothing), the decision's compare-and-set when the
 * effect carries one, the new rows (a key already there fails the whole statement: `conflict`),
 * the kept changes, then the journal lines. It waits for the WAL flush: people and other nodes
 * see the effect at once.
 */
async function sendEffect(
  pool: pg.Pool,
  part: {
    runId: string
    owner: string | undefined
    decision: OutcomeDecision | undefined
    workspaceId: string
    tasks: NewRow[]
    notes: NewRow[]
    changes: KeptChange[]
    journal: JournalRecord[]
  },
): Promise<EffectSent> {
  const { runId, owner, decision, workspaceId, tasks, notes, changes, journal } = part
  try {
    const { rows } = await pool.query<{ held: boolean; decided: boolean; written: number }>(
      `WITH held AS (
         SELECT 1 FROM studypulse.runs
         WHERE run_id = $1 AND ($2::text IS NULL OR (owner = $2 AND lease_expires_at > now()))
         FOR SHARE
       ), decided AS (
         ${cardCompareAndSet('$11', '$12', '$13', 'EXISTS (SELECT 1 FROM held)')}
       ), go AS (
         SELECT 1 FROM held WHERE $11::text IS NULL OR EXISTS (SELECT 1 FROM decided)
       ), new_tasks AS (
         INSERT INTO studypulse.tasks (workspace_id, id, task)
         SELECT $3, t.id, t.v::json
         FROM go, unnest($4::text[], $5::text[]) WITH ORDINALITY AS t (id, v, n) ORDER BY t.n
         RETURNING 1
       ), new_notes AS (
         INSERT INTO studypulse.artifacts (workspace_id, name, artifact)
         SELECT $3, t.id, t.v::json FROM go, unnest($6::text[], $7::text[]) AS t (id, v)
         RETURNING 1
       ), kept AS (
         INSERT INTO studypulse.workspace_changes (workspace_id, change_id, change)
         SELECT $3, t.id, t.c::json FROM go, unnest($8::text[], $9::text[]) AS t (id, c)
         RETURNING 1
       ), journal AS (
         INSERT INTO studypulse.run_journal (run_id, record)
         SELECT $1, r::json FROM go, unnest($10::text[]) WITH ORDINALITY AS t (r, n) ORDER BY n
         RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM held) AS held, EXISTS (SELECT 1 FROM decided) AS decided,
         (SELECT count(*)::integer FROM journal) AS written`,
      [
        runId,
        owner ?? null,
        workspaceId,
        tasks.map((t) => t.id),
        tasks.map((t) => t.value),
        notes.map((n) => n.id),
        notes.map((n) => n.value),
        changes.map((c) => c.changeId),
        changes.map((c) => JSON.stringify(c)),
        journal.map((r) => JSON.stringify(r)),
        decision?.confirmationId ?? null,
        decision?.digest ?? null,
        decision?.decider === undefined ? null : JSON.stringify(decision.decider),
      ],
    )
    const row = rows[0]
    if (row?.written === journal.length) return 'sent'
    // Nothing was written: the lease is checked first, as without a decision.
    return row?.held === true && decision !== undefined && row.decided !== true
      ? 'decided_elsewhere'
      : 'held_elsewhere'
  } catch (error) {
    // A key already taken (unique_violation): the interactive path reports `target_changed`.
    if ((error as { code?: string }).code === '23505') return 'conflict'
    throw error
  }
}
