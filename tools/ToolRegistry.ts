import { z } from 'zod'
import type { JsonSchema, ModelToolDefinition } from '../models/messages.ts'
import {
  type CallDescription,
  CallDescriptionSchema,
  callDescriptionVersion,
} from '../vocabulary/CallDescription.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'
import type { PermissionOrigin } from '../vocabulary/PermissionOrigin.ts'
import { type ToolResult, toolFailure } from '../vocabulary/ToolResult.ts'
import { type WorkspaceView, workspaceView } from '../workspace/WorkspaceView.ts'
import { canonicalJson } from './canonicalJson.ts'
import { deepFreeze } from './deepFreeze.ts'
import type { AnyToolDefinition, ToolContext } from './defineTool.ts'
import { callDigest, digestOfCanonical } from './digest.ts'
import type { PreparedTool } from './PreparedTool.ts'
import { maxArgumentBytes, maxArgumentDepth, parseArguments } from './parseArguments.ts'
import { ToolError } from './ToolError.ts'
import type { ToolSource } from './ToolSource.ts'

interface Invocation {
  registry: ToolRegistry
  tool: AnyToolDefinition
  args: unknown
}

/** The tools in force at one moment, and what the model is shown of them. */
interface ToolSet {
  /** The arrays the sources returned, to tell whether anything changed since. */
  inputs: readonly (readonly AnyToolDefinition[])[]
  tools: ReadonlyMap<string, AnyToolDefinition>
  definitions: readonly ModelToolDefinition[]
}

// Module-private: a PreparedTool carries no arguments a caller could mutate or forge.
const invocations = new WeakMap<PreparedTool, Invocation>()

const hostOrigin: PermissionOrigin = Object.freeze({ source: 'host', text: 'set by you' })

/** The most tool calls one model turn may propose, unless the registry sets another. */
export const defaultMaxToolCallsPerTurn = 32

/** The host's caps on what a model may propose. */
export interface ToolLimits {
  /** Tool calls in one model turn (default 32); more fail the model call (`model_malformed_output`). */
  maxCallsPerTurn: number
  /** Characters of one call's argument text (default 64 KiB); more is an `invalid_arguments` result. */
  maxArgumentBytes: number
  /** Nesting depth of one call's arguments (default 64); deeper is an `invalid_arguments` result. */
  maxArgumentDepth: number
}

/** Options for a registry: the host may set or tighten each tool's permission, and cap proposals. */
export interface ToolRegistryOptions {
  permissions?: Readonly<Record<string, PermissionLevel>>
  limits?: Partial<ToolLimits>
  /**
   * Tools that may change while the app runs (e.g. `createMcpTools`); read again before each
   * model turn. A name already taken by a fixed tool or an earlier source is skipped.
   */
  sources?: readonly ToolSource[]
}

/** The host's set of tools: shows them to the model, prepares proposed calls, executes prepared ones. */
export class ToolRegistry {
  readonly #fixed = new Map<string, AnyToolDefinition>()
  readonly #overrides: Readonly<Record<string, PermissionLevel>>
  readonly #sources: readonly ToolSource[]
  #set: ToolSet
  /** The caps this registry applies to proposed calls. */
  readonly limits: Readonly<ToolLimits>

  constructor(tools: readonly AnyToolDefinition[], options: ToolRegistryOptions = {}) {
    this.limits = Object.freeze({
      maxCallsPerTurn: options.limits?.maxCallsPerTurn ?? defaultMaxToolCallsPerTurn,
      maxArgumentBytes: options.limits?.maxArgumentBytes ?? maxArgumentBytes,
      maxArgumentDepth: options.limits?.maxArgumentDepth ?? maxArgumentDepth,
    })
    for (const tool of tools) {
      if (this.#fixed.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`)
      this.#fixed.set(tool.name, tool)
    }
    this.#overrides = options.permissions ?? {}
    this.#sources = options.sources ?? []
    this.#set = this.#build(this.#sources.map((source) => source.tools()))
  }

  /** What the model is shown: name, description, JSON Schema and permission of each tool. */
  definitions(): readonly ModelToolDefinition[] {
    return this.#current().definitions
  }

  /**
   * The tool's parameters as a person's Edit on its card asks them: the JSON Schema shown to the
   * model, with each argument the tool does not offer for editing (`editable`) marked `readOnly`,
   * so the form keeps it as proposed and does not ask it. Undefined for an unknown tool.
   */
  editForm(name: string): JsonSchema | undefined {
    const parameters = this.#current().definitions.find((d) => d.name === name)?.parameters
    const editable = this.#current().tools.get(name)?.editable
    if (parameters === undefined || editable === undefined) return parameters
    const properties = parameters.properties
    if (properties === null || typeof properties !== 'object') return parameters
    const marked = Object.entries(properties as Record<string, unknown>).map(([key, schema]) => [
      key,
      editable.includes(key) ? schema : { ...(schema as object), readOnly: true },
    ])
    return { ...parameters, properties: Object.fromEntries(marked) }
  }

  /** The host-set permission of a tool, or undefined for an unknown name. */
  permissionOf(name: string): PermissionLevel | undefined {
    const tool = this.#current().tools.get(name)
    return tool === undefined ? undefined : this.#permission(tool)
  }

  /** The tool's contract, if it declares one: part of its calls' digests (`callDigest`). */
  contractOf(name: string): string | undefined {
    return this.#current().tools.get(name)?.contract
  }

  /** The MCP server a tool comes from, as the host names it (none for the host's own tools). */
  serverOf(name: string): string | undefined {
    const tool = this.#current().tools.get(name)
    return tool === undefined ? undefined : this.#origin(tool)?.server
  }

  /** Parses, validates and previews a proposed call; no side effects. Throws `ToolError`. */
  prepare(callId: string, name: string, args: unknown): PreparedTool {
    const { tools } = this.#current()
    const tool = typeof name === 'string' ? tools.get(name) : undefined
    if (tool === undefined) {
      const known = [...tools.keys()].join(', ')
      throw new ToolError(
        'unknown_tool',
        String(name),
        `no tool named "${String(name)}"; available: ${known}`,
      )
    }
    const parsed = parseArguments(args, {
      maxBytes: this.limits.maxArgumentBytes,
      maxDepth: this.limits.maxArgumentDepth,
    })
    if (!parsed.ok) throw new ToolError('invalid_arguments', tool.name, parsed.detail)
    const valid = deepFreeze(validate(tool, parsed.value))
    const reason = tool.check?.(valid)
    if (reason !== undefined) throw new ToolError('invalid_arguments', tool.name, reason)
    const origin = this.#origin(tool)
    // One canonical text serves the card and the digest.
    const argumentsJson = canonicalJson(valid)
    const prepared: PreparedTool = Object.freeze({
      callId,
      name: tool.name,
      permission: this.#permission(tool),
      ...(origin !== undefined && { permissionOrigin: origin }),
      preview: tool.preview(valid),
      digest: digestOfCanonical(tool.name, argumentsJson, tool.contract),
      argumentsJson,
      idempotent: tool.idempotent === true,
      workspaceOnly: tool.workspaceOnly === true,
      ...(tool.writes !== undefined && { writes: tool.writes }),
      describes: tool.describe !== undefined,
    })
    invocations.set(prepared, { registry: this, tool, args: valid })
    return prepared
  }

  /**
   * What a prepared call will change, read through a read-only view of `view` (a workspace or a
   * view). Never throws: a tool without a describe step gets its preview as the headline; one
   * whose describe fails, or returns something malformed, a description that says it could not
   * read what the call would change.
   */
  async describe(prepared: PreparedTool, view: WorkspaceView): Promise<CallDescription> {
    const invocation = invocations.get(prepared)
    if (invocation === undefined || invocation.registry !== this) {
      return notDescribed(prepared.preview, 'this call was not prepared here')
    }
    const describe = invocation.tool.describe
    if (describe === undefined)
      return { version: callDescriptionVersion, headline: prepared.preview }
    try {
      // A fresh view even when given one: the tool never holds anything that can write.
      const described = CallDescriptionSchema.safeParse(
        await describe(invocation.args, workspaceView(view)),
      )
      if (described.success) return deepFreeze(described.data)
      return notDescribed(prepared.preview, 'its description was malformed')
    } catch (error) {
      return notDescribed(prepared.preview, error instanceof Error ? error.message : String(error))
    }
  }

  /** Runs a call this registry prepared. Never throws: failures become results with a code. */
  async execute(prepared: PreparedTool, context: ToolContext): Promise<ToolResult> {
    const invocation = invocations.get(prepared)
    if (invocation === undefined || invocation.registry !== this) {
      return toolFailure('not_prepared', 'this call was not prepared by this registry')
    }
    // A source's tool may have changed since the card was shown: the digest then no longer matches.
    const tool = this.#current().tools.get(prepared.name)
    if (tool === undefined) {
      return toolFailure('tool_unavailable', `${prepared.name} is no longer offered; nothing ran`)
    }
    if (
      tool !== invocation.tool &&
      (callDigest(tool.name, invocation.args, tool.contract) !== prepared.digest ||
        this.#permission(tool) !== prepared.permission)
    ) {
      return toolFailure(
        'tool_changed',
        `${prepared.name} changed (its schema or permission) after this call was prepared; nothing ran. Propose it again if it is still wanted.`,
      )
    }
    try {
      const result = await tool.execute(invocation.args, context)
      return isToolResult(result)
        ? result
        : toolFailure('execution_failed', 'the tool returned an invalid result')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return toolFailure('execution_failed', `${prepared.name} failed: ${message}`)
    }
  }

  #permission(tool: AnyToolDefinition): PermissionLevel {
    return Object.hasOwn(this.#overrides, tool.name)
      ? (this.#overrides[tool.name] ?? tool.permission)
      : tool.permission
  }

  #origin(tool: AnyToolDefinition): PermissionOrigin | undefined {
    const origin = tool.permissionOrigin
    if (origin === undefined || !Object.hasOwn(this.#overrides, tool.name)) return origin
    // The host set the level; where the call goes (an MCP server's tool) is still worth saying.
    const { server, tool: mcpTool } = origin
    return server === undefined
      ? hostOrigin
      : Object.freeze({ ...hostOrigin, server, tool: mcpTool })
  }

  /** The tool set in force now; rebuilt only when a source hands out a different array. */
  #current(): ToolSet {
    if (this.#sources.length === 0) return this.#set
    const inputs = this.#sources.map((source) => source.tools())
    if (inputs.every((tools, i) => tools === this.#set.inputs[i])) return this.#set
    this.#set = this.#build(inputs)
    return this.#set
  }

  #build(inputs: readonly (readonly AnyToolDefinition[])[]): ToolSet {
    const tools = new Map(this.#fixed)
    for (const tool of inputs.flat()) if (!tools.has(tool.name)) tools.set(tool.name, tool)
    const definitions = deepFreeze(
      [...tools.values()].map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters:
          tool.inputJsonSchema ??
          (z.toJSONSchema(tool.parameters, { io: 'input' }) as Record<string, unknown>),
        permission: this.#permission(tool),
      })),
    )
    return { inputs, tools, definitions }
  }
}

/**
 * The arguments as the tool's `parameters` accept them: zod's output, or for a tool defined by a
 * JSON Schema (whose `parameters` check it, `jsonSchemaParameters`) the value exactly as sent.
 */
function validate(tool: AnyToolDefinition, value: unknown): unknown {
  const result = tool.parameters.safeParse(value)
  if (tool.inputJsonSchema === undefined) {
    if (!result.success)
      throw new ToolError('invalid_arguments', tool.name, describeIssues(result.error))
    return result.data
  }
  if (!result.success) {
    const detail = result.error.issues.map((issue) => issue.message).join('; ')
    throw new ToolError('invalid_arguments', tool.name, detail)
  }
  // A copy: freezing must not reach into an object the caller still holds.
  return structuredClone(value)
}

/** The description of a tool with no describe step: its preview, as a headline. */
function previewOnly(preview: string): CallDescription {
  return deepFreeze({ version: callDescriptionVersion, headline: clip(preview) || 'A tool call' })
}

/** The description of a call whose target could not be read: the preview, and why. */
export function notDescribed(preview: string, reason: string): CallDescription {
  const text = `Could not read what this would change (${reason}); check the arguments.`
  return deepFreeze({
    ...previewOnly(preview),
    notice: { code: 'not_described', text: clip(text) },
  })
}

/** Text cut to the 500 characters a headline or notice may have. */
function clip(text: string): string {
  return text.length <= 500 ? text : `${text.slice(0, 499)}…`
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map(
      (issue) =>
        `${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`,
    )
    .join('; ')
}

function isToolResult(value: unknown): value is ToolResult {
  if (value === null || typeof value !== 'object') return false
  const record = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } }
  if (record.ok === true) return true
  return (
    record.ok === false &&
    typeof record.error?.code === 'string' &&
    typeof record.error?.message === 'string'
  )
}
