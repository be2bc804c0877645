import type Database from 'libsql'
import { readArtifactFile, removeArtifactFile, writeArtifactFile } from '../artifactFiles.ts'
import { type ChangeCommit, commitRefusal } from '../changes/ChangeCommit.ts'
import { isRecordId, type KeptChange } from '../changes/KeptChange.ts'
import type { RecordWrite } from '../changes/recordPatches.ts'
import { validWrites } from '../changes/validWrites.ts'
import { type Versioned, versioned } from '../recordVersion.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import { withWorkspaceLock } from '../withWorkspaceLock.ts'
import { findChange, keepChange } from './sqliteRecords.ts'
import { inTransaction } from './sqliteTransaction.ts'

/**
 * Commits a change of notes (files in `artifacts/`) under the folder's lock: checks each note's
 * version and the change it undoes, writes the files, then keeps the change (and the mark on the
 * one it undoes) in one transaction of the database. A crash between leaves the notes right and
 * at worst a change that cannot be undone, never a kept change that was not made.
 */
export function commitNoteChange(
  root: string,
  db: Database.Database,
  change: KeptChange,
  writes: readonly RecordWrite[],
): Promise<ChangeCommit> {
  return withWorkspaceLock(root, async () => {
    const current: (Versioned<unknown> | undefined)[] = []
    for (const write of writes) {
      if (write.kind !== 'note') throw new Error('a change of notes holds notes only')
      // The id becomes a path: a delete is checked as a write is.
      if (!isRecordId('note', write.id)) {
        throw new WorkspaceError('invalid_data', `a note's id must be a note name, not ${write.id}`)
      }
      const note = await readArtifactFile(root, write.id)
      current.push(note && versioned('note', note))
    }
    const undone = change.undoes === undefined ? undefined : findChange(db, change.undoes)
    const refused = commitRefusal(change, writes, current, undone)
    if (refused !== undefined) return refused
    for (const write of validWrites(writes)) {
      if (write.kind !== 'note') continue
      if (write.value !== undefined) {
        await writeArtifactFile(root, write.value.name, write.value.title, write.value.content)
        continue
      }
      await removeArtifactFile(root, write.id)
    }
    inTransaction(db, true, () => {
      keepChange(db, change)
      if (undone !== undefined) keepChange(db, { ...undone, undoneBy: change.changeId })
      return { commit: true, value: undefined }
    })
    return { ok: true, change }
  })
}
