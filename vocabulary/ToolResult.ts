/** What a tool call produced, as the model receives it: data, or an error with a stable code. */
export type ToolResult =
  | { ok: true; data: unknown }
  | {
      ok: false
      error: { code: string; message: string; details?: Readonly<Record<string, unknown>> }
    }

/** A successful tool result. */
export function toolOk(data: unknown): ToolResult {
  return { ok: true, data }
}

/** A failed tool result with a stable snake_case code, a message a model can act on, and optional facts (a line, partial output). */
export function toolFailure(
  code: string,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): ToolResult {
  return {
    ok: false,
    error: details === undefined ? { code, message } : { code, message, details },
  }
}

/** The result the model receives when the user denies a call. */
export const userDeniedResult: ToolResult = Object.freeze({
  ok: false,
  error: Object.freeze({ code: 'user_denied', message: 'User denied the requested operation' }),
}) as ToolResult
