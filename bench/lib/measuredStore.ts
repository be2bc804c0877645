import type { RunCommit, RunStore } from '../../store/RunStore.ts'

/** One `commit` call as the store saw it: how long it took and what it wrote. */
export interface CommitRecord {
  runId: string
  ms: number
  /** UTF-8 bytes of the snapshot JSON plus every event, message, journal and audit line. */
  bytes: number
  snapshotBytes: number
  eventsBytes: number
}

const lineBytes = (records: readonly unknown[] | undefined) =>
  (records ?? []).reduce<number>((sum, r) => sum + Buffer.byteLength(`${JSON.stringify(r)}\n`), 0)

/** What a commit writes: the snapshot's JSON text, and each record's as a line (JSON plus `\n`). */
export function commitBytes(commit: RunCommit) {
  const snapshotBytes =
    commit.snapshot === undefined ? 0 : Buffer.byteLength(JSON.stringify(commit.snapshot))
  const eventsBytes = lineBytes(commit.events)
  const bytes =
    snapshotBytes +
    eventsBytes +
    lineBytes(commit.messages?.items) +
    lineBytes(commit.journal) +
    lineBytes(commit.audit)
  return { bytes, snapshotBytes, eventsBytes }
}

/**
 * Wraps a store so that every `commit` is timed and sized; everything else passes through.
 * The sizing (a second `JSON.stringify`) happens after the commit resolves, outside its time.
 */
export function measuredStore(inner: RunStore): { store: RunStore; commits: CommitRecord[] } {
  const commits: CommitRecord[] = []
  const store: RunStore = {
    ...inner,
    location: inner.location,
    async commit(runId, commit) {
      const t0 = performance.now()
      await inner.commit(runId, commit)
      const ms = performance.now() - t0
      commits.push({ runId, ms, ...commitBytes(commit) })
    },
  }
  return { store, commits }
}
