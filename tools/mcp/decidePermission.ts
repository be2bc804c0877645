import type { PermissionLevel } from '../../vocabulary/PermissionLevel.ts'
import type { PermissionOrigin } from '../../vocabulary/PermissionOrigin.ts'

/** What a server says about one of its tools (MCP `ToolAnnotations`); only hints, never trusted by default. */
export interface ToolHints {
  readOnlyHint?: boolean
  destructiveHint?: boolean
}

/** A tool's level and where it came from. */
export interface PermissionDecision {
  level: PermissionLevel
  origin: PermissionOrigin
}

/**
 * The host decides an MCP tool's permission, in this order: the level set in `mcp.json`; else,
 * for a trusted server only, its annotations (`readOnlyHint: true` → read, `destructiveHint:
 * false` → write, otherwise destructive); else destructive. A claim never overrides the host.
 */
export function decidePermission(input: {
  server: string
  trusted: boolean
  hostLevel?: PermissionLevel
  hints?: ToolHints
}): PermissionDecision {
  const { server, trusted, hostLevel, hints } = input
  if (hostLevel !== undefined) {
    return { level: hostLevel, origin: { source: 'host', text: 'set by you in mcp.json' } }
  }
  if (trusted) {
    const level: PermissionLevel =
      hints?.readOnlyHint === true
        ? 'read'
        : hints?.destructiveHint === false
          ? 'write'
          : 'destructive'
    return {
      level,
      origin: { source: 'trusted_annotation', text: `claimed by server ${server} (trusted)` },
    }
  }
  return {
    level: 'destructive',
    origin: { source: 'untrusted_default', text: `untrusted server ${server}` },
  }
}
