import type { Tool } from '@modelcontextprotocol/client'
import { z } from 'zod'
import type { AnyToolDefinition } from '../defineTool.ts'
import type { ToolSource } from '../ToolSource.ts'
import { McpConnection } from './McpConnection.ts'
import type { McpServerStatus } from './McpServerStatus.ts'
import { type McpConfig, type McpConfigInput, mcpConfigSchema } from './mcpConfig.ts'
import type { McpNotice, McpReadAnswer, McpReadMethod } from './mcpReads.ts'
import { defaultMcpRetry, type McpRetry, type McpStartEnded } from './mcpRetry.ts'
import { adaptMcpTool } from './mcpToolAdapter.ts'
import { schemaHash } from './schemaHash.ts'

/** How `createMcpTools` connects; everything has a default. */
export interface CreateMcpToolsOptions {
  /** The folder relative stdio `cwd`s resolve against, usually that of `mcp.json` (default: the current one). */
  baseDir?: string
  /** How long one tool call may take unless a server entry says otherwise (default 30 s). */
  callTimeoutMs?: number
  /** How long a server may take to start and list its tools, unless its entry says (default 20 s). */
  startTimeoutMs?: number
  /** When a server whose start failed is tried again (default: after 1 s, doubling up to 5 min). */
  retry?: Partial<McpRetry>
  /** Told how each try to start a server ended (the first, and every retry). */
  onStartEnded?: (ended: McpStartEnded) => void
  /**
   * Changes each adapted tool before it is offered (a gateway adds a describe step, say); it keeps
   * the name and level the adapter gave it (the host still decides the level), and may only add
   * to its contract.
   */
  decorate?: (tool: AnyToolDefinition, upstream: McpUpstreamTool) => AnyToolDefinition
}

/** Where an offered tool comes from: its server's connection and the tool as the server lists it. */
export interface McpUpstreamTool {
  server: string
  connection: McpConnection
  /** The tool as the server last listed it (name, schemas, annotations). */
  tool: Tool
  /** The hash of its input schema the call's digest covers (see `schemaHash`). */
  schemaHash: string
}

/** The tools of the configured MCP servers, as a registry source, with their state. */
export interface McpTools extends ToolSource {
  /** Each server: state, tools, levels and where each level came from. */
  servers(): readonly McpServerStatus[]
  /** Where the offered tool `name` comes from, or undefined for a name no server offers now. */
  upstream(name: string): McpUpstreamTool | undefined
  /** Calls `listener` whenever a server's tools change (list_changed, restart); returns the unsubscribe. */
  onChange(listener: () => void): () => void
  /**
   * Sends a read (resources, prompts, completions) to the server named `server` and gives its
   * answer; one that does not declare the feature, or is not configured, answers `-32601`.
   */
  read(
    server: string,
    method: McpReadMethod,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<McpReadAnswer>
  /** Calls `listener` with each server's log lines and list changes; returns the unsubscribe. */
  onNotice(listener: (server: string, notice: McpNotice) => void): () => void
  /**
   * Tries again now, not waiting for the backoff, the servers whose start failed (or only the one
   * named `server`); resolves when those tries end. Their tools then appear through `onChange`.
   */
  retry(server?: string): Promise<void>
  /** Stops every server. */
  close(): Promise<void>
}

/** Thrown by `createMcpTools` when the configuration is not a valid `mcp.json`. */
export class McpConfigError extends Error {
  override readonly name = 'McpConfigError'
  readonly code = 'invalid_mcp_config'
}

/**
 * Connects to every server of an `mcp.json` configuration (at once, in parallel) and offers their
 * tools to a `ToolRegistry` through `sources`. A server that fails to start is reported in
 * `servers()` with its error and tried again with backoff (and on `retry`); the others work.
 */
export async function createMcpTools(
  config: McpConfigInput | McpConfig,
  options: CreateMcpToolsOptions = {},
): Promise<McpTools> {
  const parsed = mcpConfigSchema.safeParse(config)
  if (!parsed.success) throw new McpConfigError(z.prettifyError(parsed.error))
  const entries = Object.entries(parsed.data.servers)
  const listeners = new Set<() => void>()
  let built: {
    tools: readonly AnyToolDefinition[]
    servers: readonly McpServerStatus[]
    upstream: ReadonlyMap<string, McpUpstreamTool>
  }
  let stale = true
  const changed = () => {
    stale = true
    for (const listener of listeners) listener()
  }
  const connections = entries.map(
    ([name, server]) =>
      new McpConnection({
        name,
        config: server,
        baseDir: options.baseDir ?? process.cwd(),
        callTimeoutMs: options.callTimeoutMs ?? 30_000,
        startTimeoutMs: options.startTimeoutMs ?? 20_000,
        retry: { ...defaultMcpRetry, ...options.retry },
        onToolsChanged: changed,
        ...(options.onStartEnded !== undefined && { onStartEnded: options.onStartEnded }),
      }),
  )
  await Promise.all(connections.map((connection) => connection.start()))

  const build = () => {
    const taken = new Set<string>()
    const tools: AnyToolDefinition[] = []
    const upstream = new Map<string, McpUpstreamTool>()
    const servers = connections.map((connection, i): McpServerStatus => {
      const server = (entries[i] as (typeof entries)[number])[1]
      const status: McpServerStatus = {
        name: connection.name,
        transport: 'url' in server ? 'http' : 'stdio',
        trusted: server.trusted,
        state: connection.state,
        ...(connection.error !== undefined && { error: connection.error }),
        tools: [],
        skipped: [],
      }
      for (const mcpTool of connection.tools) {
        const adapted = adaptMcpTool(connection, server, mcpTool)
        if (adapted.ok && taken.has(adapted.tool.name)) {
          status.skipped.push({
            mcpName: mcpTool.name,
            reason: `another tool is already named ${adapted.tool.name}`,
          })
        } else if (!adapted.ok) {
          status.skipped.push({ mcpName: mcpTool.name, reason: adapted.reason })
        } else {
          const origin: McpUpstreamTool = {
            server: connection.name,
            connection,
            tool: mcpTool,
            schemaHash: schemaHash(mcpTool.inputSchema),
          }
          const tool = options.decorate?.(adapted.tool, origin) ?? adapted.tool
          taken.add(tool.name)
          tools.push(tool)
          upstream.set(tool.name, origin)
          status.tools.push({
            name: tool.name,
            mcpName: mcpTool.name,
            permission: tool.permission,
            // Every adapted tool has an origin; the fallback only satisfies the type.
            origin: tool.permissionOrigin ?? { source: 'untrusted_default', text: 'unknown' },
          })
        }
      }
      return status
    })
    return { tools: Object.freeze(tools), servers, upstream }
  }
  built = build()
  stale = false

  const current = () => {
    if (stale) {
      built = build()
      stale = false
    }
    return built
  }
  return {
    tools: () => current().tools,
    upstream: (name) => current().upstream.get(name),
    // State changes (a crash, a restart) do not change tools; the status is read fresh each time.
    servers: () =>
      current().servers.map((status, i) => {
        const connection = connections[i] as McpConnection
        const { error: _old, ...rest } = status
        return {
          ...rest,
          state: connection.state,
          ...(connection.error !== undefined && { error: connection.error }),
        }
      }),
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    read(server, method, params, signal) {
      const connection = connections.find((c) => c.name === server)
      if (connection !== undefined) return connection.read(method, params, signal)
      return Promise.resolve({ ok: false, code: -32601, message: `no MCP server named ${server}` })
    },
    onNotice(listener) {
      const stops = connections.map((c) => c.onNotice((notice) => listener(c.name, notice)))
      return () => {
        for (const stop of stops) stop()
      }
    },
    async retry(server) {
      const named = connections.filter((c) => server === undefined || c.name === server)
      await Promise.all(named.map((connection) => connection.retry()))
    },
    async close() {
      listeners.clear()
      await Promise.all(connections.map((connection) => connection.close()))
    },
  }
}
