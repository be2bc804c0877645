/** The arguments of a call as a JSON object; arguments that are not a JSON object give `{}`. */
export function toolInputObject(argumentsText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(argumentsText)
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {
    // The tool result already tells the model its arguments were not JSON.
  }
  return {}
}

/** Whether a tool result's content is a failed `ToolResult` (`{"ok":false,...}`). */
export function isFailedToolResult(content: string): boolean {
  try {
    return (JSON.parse(content) as { ok?: unknown } | null)?.ok === false
  } catch {
    return false
  }
}
