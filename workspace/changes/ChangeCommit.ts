import type { Versioned, VersionedKind } from '../recordVersion.ts'
import type { KeptChange } from './KeptChange.ts'
import type { RecordWrite } from './recordPatches.ts'

/**
 * What committing a change did: written and kept (with the places its records had), or nothing
 * written: a record is no longer at the version expected (`target_changed`, with what is there
 * now), the change it undoes was undone already, or that change is not kept here.
 */
export type ChangeCommit =
  | { readonly ok: true; readonly change: KeptChange }
  | {
      readonly ok: false
      readonly code: 'target_changed'
      readonly kind: VersionedKind
      readonly id: string
      readonly current?: Versioned<unknown>
    }
  | { readonly ok: false; readonly code: 'already_undone'; readonly undoneBy: string }
  | { readonly ok: false; readonly code: 'change_not_found'; readonly changeId: string }

/**
 * The check every workspace makes before a change commits, against what it holds now (read
 * under its lock or in its transaction): undefined when the change may be written.
 */
export function commitRefusal(
  change: KeptChange,
  writes: readonly RecordWrite[],
  current: readonly (Versioned<unknown> | undefined)[],
  undone: KeptChange | undefined,
): ChangeCommit | undefined {
  for (const [index, write] of writes.entries()) {
    const now = current[index]
    const matches = write.expected === null ? now === undefined : now?.version === write.expected
    if (!matches) {
      return {
        ok: false,
        code: 'target_changed',
        kind: write.kind,
        id: write.id,
        ...(now && { current: now }),
      }
    }
  }
  if (change.undoes === undefined) return undefined
  if (undone === undefined) return { ok: false, code: 'change_not_found', changeId: change.undoes }
  if (undone.undoneBy !== undefined) {
    return { ok: false, code: 'already_undone', undoneBy: undone.undoneBy }
  }
  return undefined
}

/** Where a record that comes back goes in a list: the place it had, kept in range. */
export function placeIndex(place: string | undefined, length: number): number {
  const at = place === undefined ? Number.NaN : Number(place)
  return Number.isInteger(at) && at >= 0 ? Math.min(at, length) : length
}

/**
 * Makes one write to a list of records keyed by `id` (replace, insert at its old place, or
 * remove), returning the place the record had in the list before, if it was there.
 */
export function writeToList<T extends { id: string }>(
  list: T[],
  id: string,
  value: T | undefined,
  place: string | undefined,
): string | undefined {
  const index = list.findIndex((item) => item.id === id)
  if (index >= 0 && value !== undefined) list[index] = value
  else if (index >= 0) list.splice(index, 1)
  else if (value !== undefined) list.splice(placeIndex(place, list.length), 0, value)
  return index >= 0 ? String(index) : undefined
}

/** `change` with the places its records had, as the workspace keeps it. */
export function withPlaces(change: KeptChange, places: ReadonlyMap<string, string>): KeptChange {
  return {
    ...change,
    records: change.records.map((record) => {
      const place = places.get(`${record.kind}\u0000${record.id}`) ?? record.place
      return place === undefined ? record : { ...record, place }
    }),
  }
}
