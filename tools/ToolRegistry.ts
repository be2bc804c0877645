import { z } from 'zod'
import type { ModelToolDefinition, PermissionLevel } from '../models/messages.ts'
import { canonicalJson } from './canonicalJson.ts'
import { deepFreeze } from './deepFreeze.ts'
import type { AnyToolDefinition, ToolContext } from './defineTool.ts'
import { callDigest } from './digest.ts'
import type { PreparedTool } from './PreparedTool.ts'
import { maxArgumentBytes, maxArgumentDepth, parseArguments } from './parseArguments.ts'
import { ToolError } from './ToolError.ts'
import { type ToolResult, toolFailure } from './ToolResult.ts'

interface Invocation {
  registry: ToolRegistry
  tool: AnyToolDefinition
  args: unknown
}

// Module-private: a PreparedTool carries no arguments a caller could mutate or forge.
const invocations = new WeakMap<PreparedTool, Invocation>()

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
}

/** The host's set of tools: shows them to the model, prepares proposed calls, executes prepared ones. */
export class ToolRegistry {
  readonly #tools = new Map<string, AnyToolDefinition>()
  readonly #permissions = new Map<string, PermissionLevel>()
  readonly #definitions: readonly ModelToolDefinition[]
  /** The caps this registry applies to proposed calls. */
  readonly limits: Readonly<ToolLimits>

  constructor(tools: readonly AnyToolDefinition[], options: ToolRegistryOptions = {}) {
    this.limits = Object.freeze({
      maxCallsPerTurn: options.limits?.maxCallsPerTurn ?? defaultMaxToolCallsPerTurn,
      maxArgumentBytes: options.limits?.maxArgumentBytes ?? maxArgumentBytes,
      maxArgumentDepth: options.limits?.maxArgumentDepth ?? maxArgumentDepth,
    })
    for (const tool of tools) {
      if (this.#tools.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`)
      this.#tools.set(tool.name, tool)
      const override = options.permissions
        ? Object.hasOwn(options.permissions, tool.name)
          ? options.permissions[tool.name]
          : undefined
        : undefined
      this.#permissions.set(tool.name, override ?? tool.permission)
    }
    this.#definitions = deepFreeze(
      [...this.#tools.values()].map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: z.toJSONSchema(tool.parameters, { io: 'input' }) as Record<string, unknown>,
        permission: this.permissionOf(tool.name) ?? tool.permission,
      })),
    )
  }

  /** What the model is shown: name, description, JSON Schema and permission of each tool. */
  definitions(): readonly ModelToolDefinition[] {
    return this.#definitions
  }

  /** The host-set permission of a tool, or undefined for an unknown name. */
  permissionOf(name: string): PermissionLevel | undefined {
    return this.#permissions.get(name)
  }

  /** Parses, validates and previews a proposed call; no side effects. Throws `ToolError`. */
  prepare(callId: string, name: string, args: unknown): PreparedTool {
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined
    if (tool === undefined) {
      const known = [...this.#tools.keys()].join(', ')
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
    const result = tool.parameters.safeParse(parsed.value)
    if (!result.success) {
      throw new ToolError('invalid_arguments', tool.name, describeIssues(result.error))
    }
    const valid = deepFreeze(result.data)
    const reason = tool.check?.(valid)
    if (reason !== undefined) throw new ToolError('invalid_arguments', tool.name, reason)
    const prepared: PreparedTool = Object.freeze({
      callId,
      name: tool.name,
      permission: this.#permissions.get(tool.name) ?? tool.permission,
      preview: tool.preview(valid),
      digest: callDigest(tool.name, valid),
      argumentsJson: canonicalJson(valid),
      idempotent: tool.idempotent === true,
    })
    invocations.set(prepared, { registry: this, tool, args: valid })
    return prepared
  }

  /** Runs a call this registry prepared. Never throws: failures become results with a code. */
  async execute(prepared: PreparedTool, context: ToolContext): Promise<ToolResult> {
    const invocation = invocations.get(prepared)
    if (invocation === undefined || invocation.registry !== this) {
      return toolFailure('not_prepared', 'this call was not prepared by this registry')
    }
    if (context.signal.aborted) return toolFailure('cancelled', 'the run was cancelled')
    try {
      const result = await invocation.tool.execute(invocation.args, context)
      return isToolResult(result)
        ? result
        : toolFailure('execution_failed', 'the tool returned an invalid result')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return toolFailure('execution_failed', `${prepared.name} failed: ${message}`)
    }
  }
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
