import { parseOrInvalid } from '../parseOrInvalid.ts'
import { ArtifactSchema, MemoryEntrySchema } from '../schemas.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import { TaskInputSchema } from '../workspaceInput.ts'
import type { RecordWrite } from './recordPatches.ts'

const schemas = { task: TaskInputSchema, memory: MemoryEntrySchema, note: ArtifactSchema } as const
const names = { task: 'task', memory: 'memory entry', note: 'artifact' } as const

/**
 * Every record a change would leave, checked by the same schemas as any write and before any is
 * made (throws `invalid_data`), so a bad one writes nothing. A record must keep its key.
 */
export function validWrites(writes: readonly RecordWrite[]): RecordWrite[] {
  return writes.map((write) => {
    if (write.value === undefined) return write
    const value = parseOrInvalid(schemas[write.kind], write.value, names[write.kind]) as {
      id?: string
      name?: string
    }
    if ((write.kind === 'note' ? value.name : value.id) !== write.id) {
      const message = `invalid ${names[write.kind]}: it must keep its key ${write.id}`
      throw new WorkspaceError('invalid_data', message)
    }
    return { ...write, value } as RecordWrite
  })
}
