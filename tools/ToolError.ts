/** Why a proposed tool call could not be prepared. */
export type ToolErrorCode = 'unknown_tool' | 'invalid_arguments'

/** Thrown by `ToolRegistry.prepare` when a proposed call cannot become an invocation. */
export class ToolError extends Error {
  override readonly name = 'ToolError'
  constructor(
    readonly code: ToolErrorCode,
    readonly tool: string,
    readonly detail: string,
  ) {
    super(`${code} (${tool}): ${detail}`)
  }
}
