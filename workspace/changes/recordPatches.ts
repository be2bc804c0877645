import { applyPatches, type Draft, enablePatches, type Patch, produceWithPatches } from 'immer'
import { type ExpectedVersion, recordVersion, type VersionedKind } from '../recordVersion.ts'
import type { Artifact, MemoryEntry, Task } from '../schemas.ts'
import type { ChangedRecord, ChangePatch } from './KeptChange.ts'

// Once, where the only code that makes patches lives: immer keeps the switch global.
enablePatches()

/** The records a change touches, by kind and id: the state its patches are paths into. */
export interface RecordSet {
  task: Record<string, Task>
  memory: Record<string, MemoryEntry>
  note: Record<string, Artifact>
}

/** The record one write leaves (absent: the record goes), and the version it must be at first. */
export type RecordWrite = {
  [K in VersionedKind]: {
    kind: K
    id: string
    expected: ExpectedVersion
    value?: RecordSet[K][string]
    /** Where a record that comes back sat before it went (from the kept change). */
    place?: string
  }
}[VersionedKind]

/** A change worked out before anything is written: both states, the patches, and the writes. */
export interface PlannedChange {
  before: RecordSet
  after: RecordSet
  patches: ChangePatch[]
  inversePatches: ChangePatch[]
  records: ChangedRecord[]
  writes: RecordWrite[]
}

/** An empty record set, with a map for each kind so every patch path starts `[kind, id]`. */
export function recordSet(parts: Partial<RecordSet> = {}): RecordSet {
  return { task: {}, memory: {}, note: {}, ...parts }
}

/** The change `recipe` makes to `base`, as immer patches and their inverse. */
export function planChange(
  base: RecordSet,
  recipe: (draft: Draft<RecordSet>) => void,
): PlannedChange {
  const [after, patches, inversePatches] = produceWithPatches(base, recipe)
  return planned(base, after, asJson(patches), asJson(inversePatches))
}

/** `patches` (kept from a change) applied to `base`; `inversePatches` take them back again. */
export function planPatches(
  base: RecordSet,
  patches: readonly ChangePatch[],
  inversePatches: readonly ChangePatch[],
  places: readonly ChangedRecord[] = [],
): PlannedChange {
  const after = applyPatches(base, patches as Patch[]) as RecordSet
  return planned(base, after, [...patches], [...inversePatches], places)
}

/** The `[kind, id]` of every record the patches touch, each once, in the patches' order. */
export function touchedRecords(
  patches: readonly ChangePatch[],
): { kind: VersionedKind; id: string }[] {
  const seen = new Map<string, { kind: VersionedKind; id: string }>()
  for (const { path } of patches) {
    const [kind, id] = path
    if ((kind !== 'task' && kind !== 'memory' && kind !== 'note') || typeof id !== 'string') {
      throw new Error(
        `a workspace patch must start with a kind and an id, not ${JSON.stringify(path)}`,
      )
    }
    seen.set(`${kind}\u0000${id}`, { kind, id })
  }
  return [...seen.values()]
}

function planned(
  before: RecordSet,
  after: RecordSet,
  patches: ChangePatch[],
  inversePatches: ChangePatch[],
  places: readonly ChangedRecord[] = [],
): PlannedChange {
  const records: ChangedRecord[] = []
  const writes: RecordWrite[] = []
  for (const { kind, id } of touchedRecords(patches)) {
    const was = before[kind][id]
    const is = after[kind][id]
    const expected = was === undefined ? null : recordVersion(kind, was)
    const place = places.find((record) => record.kind === kind && record.id === id)?.place
    records.push({
      kind,
      id,
      before: expected,
      after: is === undefined ? null : recordVersion(kind, is),
    })
    writes.push({
      kind,
      id,
      expected,
      ...(is !== undefined && { value: is }),
      ...(was === undefined && place !== undefined && { place }),
    } as RecordWrite)
  }
  return { before, after, patches, inversePatches, records, writes }
}

// immer's patches are plain data already; a copy makes them JSON to keep, with no draft or
// frozen object shared with the state.
function asJson(patches: readonly Patch[]): ChangePatch[] {
  return JSON.parse(JSON.stringify(patches)) as ChangePatch[]
}
