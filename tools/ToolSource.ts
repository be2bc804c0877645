import type { AnyToolDefinition } from './defineTool.ts'

/**
 * A set of tools that may change while the app runs (an MCP server's, say). A registry asks for
 * the current ones each time it shows, prepares or executes a call.
 */
export interface ToolSource {
  /** The tools as of now; the same array until they change, so a registry can keep its work. */
  tools(): readonly AnyToolDefinition[]
}
