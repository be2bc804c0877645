import type { PermissionLevel } from '../../vocabulary/PermissionLevel.ts'
import type { PermissionOrigin } from '../../vocabulary/PermissionOrigin.ts'
import { describePermission } from './describePermission.ts'

/**
 * The plain sentence a card shows for what a call may do. A StudyPulse tool's level speaks of the
 * workspace; an MCP tool's effects are up to its server, so its card names the server and tool
 * (all the host knows) instead of claiming they stay in the workspace.
 */
export function describeEffect(
  permission: PermissionLevel,
  origin?: PermissionOrigin,
  toolName?: string,
  bringsBack?: boolean,
): string {
  if (toolName === 'undo_change' && origin === undefined && bringsBack === true) {
    return 'Brings back what that change removed; nothing is deleted or overwritten. Undoing this undo removes it again.'
  }
  // An undo is destructive at most (it may remove what a change made), yet itself undoable.
  if (toolName === 'undo_change' && origin === undefined) {
    return 'Takes back one change to your workspace: it may remove or overwrite what that change made. Undoing this undo makes the change again.'
  }
  const mcp =
    origin?.server === undefined ? undefined : { server: origin.server, tool: origin.tool ?? '' }
  // An untrusted server's tool is destructive because nothing it says can be believed, not
  // because it is known to delete.
  if (origin?.source === 'untrusted_default') {
    return mcp === undefined
      ? 'From a server you have not marked trusted: it may change or delete anything it can reach.'
      : `From MCP server ${mcp.server}, which you have not marked trusted: its tool ${mcp.tool} may change or delete anything the server can reach.`
  }
  if (mcp === undefined) return describePermission(permission).sentence
  const through = `MCP server ${mcp.server} (its tool ${mcp.tool})`
  switch (permission) {
    case 'read':
      return `Reads through ${through}: what it reads is up to that server, not only your workspace.`
    case 'write':
      return `Adds or changes something through ${through}: where is up to that server, not only your workspace.`
    case 'destructive':
      return `May delete or overwrite data through ${through}, anywhere that server reaches. This cannot be undone.`
    default:
      return `Runs a command or program through ${through}.`
  }
}
