import type { z } from 'zod'
import type { JsonSchema } from '../models/messages.ts'
import type { CallDescription } from '../vocabulary/CallDescription.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'
import type { PermissionOrigin } from '../vocabulary/PermissionOrigin.ts'
import type { ToolResult } from '../vocabulary/ToolResult.ts'
import type { ExpectedVersion, VersionedKind } from '../workspace/recordVersion.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import type { WorkspaceView } from '../workspace/WorkspaceView.ts'

/** What a tool's `execute` receives from the runtime: the only way it can touch the world. */
export interface ToolContext {
  workspace: StudyWorkspace
  now: Date
  /** The current notebook's sources (relative to `sources/`); read tools see only these. */
  sourcePaths: readonly string[]
  signal: AbortSignal
  generateId: () => string
  /**
   * The version of the call's target that the person was shown (`CallDescription.target.version`;
   * `null`: shown as not existing). A tool that has it writes only if the target is still at it,
   * else returns `target_changed` and writes nothing. Absent when the card showed no target.
   */
  expectedVersion?: ExpectedVersion
}

/** A tool, defined once: what the model sees, what the host allows, how to preview and run it. */
export interface ToolDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string
  description: string
  parameters: Schema
  permission: PermissionLevel
  /** Where `permission` came from, for tools whose level is decided per source (MCP servers). */
  permissionOrigin?: PermissionOrigin
  /**
   * A JSON Schema (e.g. an MCP tool's `inputSchema`) shown to the model as is, in place of
   * `parameters`' own; `parameters: jsonSchemaParameters(schema)` checks calls against it with ajv.
   */
  inputJsonSchema?: JsonSchema
  /**
   * What besides the name the call digest covers (e.g. an MCP server and a hash of the schema), so a
   * card shown before the tool changed no longer matches it.
   */
  contract?: string
  /** Safe to run again after a crash with the same arguments. */
  idempotent?: boolean
  /**
   * Its only effect is on the study workspace (no files, processes or other services), so a
   * workspace that commits effects together with their journal outcome makes it exactly-once.
   */
  workspaceOnly?: boolean
  /**
   * The kinds of record a workspace-only tool's effect writes: with a workspace that keeps those
   * kinds in the run's database, its effect commits with its decision, outcome and audit line
   * (`commitsWithItsEffect`). Absent: any kind.
   */
  writes?: readonly VersionedKind[]
  /**
   * The arguments a person's Edit on the card offers (default: every one but those naming the
   * record, such as `id`); `[]` when nothing a person could change alters what the call does (a
   * delete's title, an undo's change), so the Edit says so instead of showing a form.
   */
  editable?: readonly string[]
  /** Checks beyond the schema; returns a reason when the arguments are unacceptable. */
  check?: (args: z.output<Schema>) => string | undefined
  /** A one-line, human-readable description of what this call will do. No side effects. */
  preview: (args: z.output<Schema>) => string
  /**
   * After `preview`, what the call will change as read from the workspace (the stored record, a
   * field table, a line diff) and the target's version to bind the card to. `view` can only read.
   */
  describe?: (args: z.output<Schema>, view: WorkspaceView) => Promise<CallDescription>
  execute: (args: z.output<Schema>, context: ToolContext) => Promise<ToolResult> | ToolResult
}

/** A tool of any parameter schema, as a registry holds it. */
export type AnyToolDefinition = ToolDefinition<z.ZodType>

/** Defines a tool with its argument types inferred from the zod schema. */
export function defineTool<Schema extends z.ZodType>(
  definition: ToolDefinition<Schema>,
): AnyToolDefinition {
  return Object.freeze(definition) as unknown as AnyToolDefinition
}
