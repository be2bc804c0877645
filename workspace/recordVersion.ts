// A leaf module with no imports: the same pure SHA-256 the call digest uses, so a version is
// computed alike in Node and in a browser tab (MemoryWorkspace).
import { sha256Hex } from '../vocabulary/sha256.ts'
import type { Artifact, MemoryEntry, Task } from './schemas.ts'

/** What a version is taken of: a task, a memory entry or a note (an artifact). */
export type VersionedKind = 'task' | 'memory' | 'note'

/**
 * A version to write at: a version string the target must still have, or `null` for "must not
 * exist yet" (a card that showed a new note).
 */
export type ExpectedVersion = string | null

/** A record and the version it was read at. */
export interface Versioned<T> {
  readonly value: T
  readonly version: string
}

/**
 * What a compare-and-set write did: written (with the version the target has now; for a delete,
 * the one it had), or nothing written because the target is no longer at the expected version
 * (`current` is what is there now, absent when it is gone).
 */
export type VersionedWrite<T> =
  | { readonly ok: true; readonly value: T; readonly version: string }
  | { readonly ok: false; readonly code: 'target_changed'; readonly current?: Versioned<T> }

// The fields a version covers, in a fixed order, so key order in a file or a row never matters.
// A note's time is left out: in a folder it is the file's mtime, which copying a folder moves.
const taskFields = ['id', 'title', 'importance', 'due', 'notes', 'done', 'createdAt', 'updatedAt']
const memoryFields = ['id', 'text', 'createdAt']
const noteFields = ['name', 'title', 'content']

/** The record each kind of target is. */
export interface VersionedRecord {
  task: Task
  memory: MemoryEntry
  note: Artifact
}

const fieldsOf: Readonly<Record<VersionedKind, readonly string[]>> = {
  task: taskFields,
  memory: memoryFields,
  note: noteFields,
}

/**
 * The version of a stored record: a SHA-256 of its content. Nothing is stored for it, so every
 * workspace file or row ever written has one, and equal content means the same version.
 */
export function recordVersion<K extends VersionedKind>(
  kind: K,
  record: VersionedRecord[K],
): string {
  const values = record as unknown as Readonly<Record<string, unknown>>
  return sha256Hex(JSON.stringify([kind, ...fieldsOf[kind].map((field) => values[field] ?? null)]))
}

/** `value` with its version. */
export function versioned<K extends VersionedKind>(
  kind: K,
  value: VersionedRecord[K],
): Versioned<VersionedRecord[K]> {
  return { value, version: recordVersion(kind, value) }
}

/**
 * The check every compare-and-set makes, against what is stored now: undefined when the write may
 * go ahead, else the `target_changed` outcome to return.
 */
export function versionConflict<T>(
  current: Versioned<T> | undefined,
  expected: ExpectedVersion,
): VersionedWrite<T> | undefined {
  const matches = expected === null ? current === undefined : current?.version === expected
  if (matches) return undefined
  return current === undefined
    ? { ok: false, code: 'target_changed' }
    : { ok: false, code: 'target_changed', current }
}
