import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'

/**
 * Where scenario workspaces go: a RAM-backed folder when there is one (a real file system whose
 * fsync costs nothing, so thousands of durable runs stay fast), else the system's temp folder.
 */
export function scratchRoot(): string {
  return process.env.PROPERTY_TMP ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir())
}
