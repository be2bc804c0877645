/** Who decided a tool's permission level: the host's own setting, a trusted server's claim, or the default for an untrusted server. */
export type PermissionSource = 'host' | 'trusted_annotation' | 'untrusted_default'

/** Where a tool's permission level came from, with the words a card shows for it. */
export interface PermissionOrigin {
  source: PermissionSource
  /** e.g. "set by you in mcp.json", "claimed by server files (trusted)", "untrusted server notes". */
  text: string
}
