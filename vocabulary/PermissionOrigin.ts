/** Who decided a tool's permission level: the host's own setting, a trusted server's claim, or the default for an untrusted server. */
export type PermissionSource = 'host' | 'trusted_annotation' | 'untrusted_default'

/** Where a tool's permission level came from, with the words a card shows for it. */
export interface PermissionOrigin {
  source: PermissionSource
  /** e.g. "set by you in mcp.json", "claimed by server files (trusted)", "untrusted server notes". */
  text: string
  // Flat strings, not a nested object: events copy an origin shallowly, and a store's state must
  // not hold one object in two places.
  /** The MCP server of an MCP tool: with `tool`, all the host knows of where the call goes. */
  server?: string
  /** The server's own name of an MCP tool. */
  tool?: string
}
