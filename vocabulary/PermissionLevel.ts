/** How much a tool may do; set by the host on each tool, never by the model or an MCP server's claims. */
export type PermissionLevel = 'read' | 'write' | 'destructive' | 'execute'

/**
 * The one place that says what each permission level asks of the user. The guard, the policy
 * store, the journal, the audit and the card all read it here.
 */

/** Whether a call at this level waits for a confirmation card (every level but `read`). */
export function needsConfirmation(permission: PermissionLevel): boolean {
  return permission !== 'read'
}

/** Whether a standing rule may allow a call at this level instead of the user: only `write`. */
export function mayBeAllowedByRule(permission: PermissionLevel): boolean {
  return permission === 'write'
}
