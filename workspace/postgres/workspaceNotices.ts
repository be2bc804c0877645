import { createHash } from 'node:crypto'
import type pg from 'pg'
import { type WorkspacePart, workspaceParts } from '../WorkspaceChange.ts'
import { PgListener } from './PgListener.ts'

/** The channel every write to a workspace's tables NOTIFYs (see migration 9). */
export const WORKSPACE_CHANNEL = 'studypulse_workspace'

/**
 * Hears the notices of workspace `workspaceId` on a LISTEN connection of its own (the pool's
 * settings) and tells `tell` the part each names. Notices sent before it listened, or while the
 * connection was down, are lost, so each start of listening tells every part. Returns the stop.
 */
export function hearWorkspaceNotices(
  pool: pg.Pool,
  workspaceId: string,
  tell: (parts: Iterable<WorkspacePart>) => void,
): () => void {
  // pg-pool keeps the password out of the spread (a non-enumerable property).
  const { options } = pool
  const listener = new PgListener(
    { ...options, password: options.password, application_name: 'studypulse-workspace' },
    [WORKSPACE_CHANNEL],
  )
  // The notice names the workspace by an md5 of its id: a payload of bounded size whatever the id.
  const mine = createHash('md5').update(workspaceId).digest('hex')
  listener.on(WORKSPACE_CHANNEL, (payload) => {
    const notice = readNotice(payload)
    if (notice?.workspace === mine) tell([notice.part])
  })
  listener.onListening(() => tell(workspaceParts))
  // It retries by itself until it connects.
  void listener.ready().catch(() => undefined)
  return () => void listener.close()
}

/** A notice's payload, or undefined for one this code did not send. */
function readNotice(payload: string): { workspace: string; part: WorkspacePart } | undefined {
  try {
    const { workspace, part } = JSON.parse(payload) as { workspace?: unknown; part?: unknown }
    if (typeof workspace !== 'string' || !workspaceParts.includes(part as WorkspacePart)) return
    return { workspace, part: part as WorkspacePart }
  } catch {
    return undefined
  }
}
