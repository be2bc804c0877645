import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'
import type { PermissionOrigin } from '../vocabulary/PermissionOrigin.ts'
import type { VersionedKind } from '../workspace/recordVersion.ts'

/**
 * A validated, previewed tool call, ready for confirmation. The parsed arguments live inside the
 * registry that made it; nothing outside can reach or change them.
 */
export interface PreparedTool {
  readonly callId: string
  readonly name: string
  readonly permission: PermissionLevel
  /** Where the level came from, when the tool says (MCP tools do). */
  readonly permissionOrigin?: PermissionOrigin
  readonly preview: string
  /** sha256 of the tool name, its contract if any, and the canonical validated arguments. */
  readonly digest: string
  /** The canonical validated arguments as JSON text, for showing to the user. */
  readonly argumentsJson: string
  readonly idempotent: boolean
  /** The tool touches nothing but the study workspace (see `ToolDefinition.workspaceOnly`). */
  readonly workspaceOnly: boolean
  /** The kinds of record its effect writes (see `ToolDefinition.writes`); absent: any. */
  readonly writes?: readonly VersionedKind[]
  /** The tool has a describe step: its card waits for `ToolRegistry.describe` (see `ToolDefinition.describe`). */
  readonly describes: boolean
}
