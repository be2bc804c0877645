import { type ToolResult, toolFailure } from '../../vocabulary/ToolResult.ts'
import type { ExpectedVersion } from '../../workspace/recordVersion.ts'
import type { Artifact } from '../../workspace/schemas.ts'
import type { WorkspaceView } from '../../workspace/WorkspaceView.ts'
import { boundTarget, targetChanged } from './boundTarget.ts'
import { noteName } from './noteName.ts'
import { quote } from './quote.ts'

/**
 * The note a note tool's call names, as its card showed it: its stored name and record, or the
 * failure to answer (no such note: `artifact_not_found`; moved since the card: `target_changed`).
 */
export async function boundNote(
  workspace: Pick<WorkspaceView, 'readArtifact'>,
  asked: string,
  expectedVersion: ExpectedVersion | undefined,
): Promise<{ ok: true; name: string; note: Artifact } | { ok: false; result: ToolResult }> {
  const name = noteName(asked)
  const bound = boundTarget(await workspace.readArtifact(name), expectedVersion)
  if (!bound.ok && bound.reason === 'missing') {
    const result = toolFailure('artifact_not_found', `no saved note is called "${asked.trim()}"`)
    return { ok: false, result }
  }
  if (!bound.ok) {
    return { ok: false, result: targetChanged(`The note ${quote(asked.trim())}`, 'note', name) }
  }
  return { ok: true, name, note: bound.target.value }
}
