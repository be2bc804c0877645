/** The `code` of a Node.js system error (`'ENOENT'`, …), or undefined for anything else. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  const { code } = error as { code: unknown }
  // Only errno-style codes: a WorkspaceError's `code` must never be mistaken for one.
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined
}
