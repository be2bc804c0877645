import { isAbsolute, resolve } from 'node:path'
import type { CallToolResult, Client, Tool, Transport } from '@modelcontextprotocol/client'
import { type ToolResult, toolFailure } from '../../vocabulary/ToolResult.ts'
import { describeStderr } from './describeStderr.ts'
import type { McpServerConfig } from './mcpConfig.ts'
import {
  type McpNotice,
  type McpReadAnswer,
  type McpReadMethod,
  methodNotFound,
  offersRead,
} from './mcpReads.ts'
import { toToolResult } from './mcpResult.ts'
import { defaultMcpRetry, type McpRetry, type McpStartEnded, retryDelayMs } from './mcpRetry.ts'
import { redactUserInfo } from './redactUserInfo.ts'
import { schemaHash } from './schemaHash.ts'
import { whileRunning } from './whileRunning.ts'

/**
 * Where a server connection stands: `stopped` ones (crashed, timed out) start again on the next
 * call; `failed` ones (a start that failed) are tried again with backoff, and on demand (`retry`).
 */
export type McpConnectionState = 'starting' | 'connected' | 'stopped' | 'failed' | 'closed'

/** What one server connection needs besides its `mcp.json` entry. */
export interface McpConnectionOptions {
  name: string
  config: McpServerConfig
  /** The folder relative `cwd`s are resolved against (the folder of `mcp.json`). */
  baseDir: string
  /** How long a tool call may take unless the entry says otherwise. */
  callTimeoutMs: number
  /** How long starting, initializing and listing tools may take, unless the entry says otherwise. */
  startTimeoutMs: number
  /** When a start that failed is tried again (default `defaultMcpRetry`). */
  retry?: McpRetry
  /** Told when the server's tool list changed (after `tools/list_changed`, or a restart). */
  onToolsChanged: () => void
  /** Told how each try to start the server ended. */
  onStartEnded?: (ended: McpStartEnded) => void
}

/** The first characters of a server's stderr kept to explain a crash (its first error line). */
const stderrHeadKept = 8000
/** The last characters of a server's stderr kept besides. */
const stderrTailKept = 2000

/**
 * One MCP server: starts it, lists its tools, calls them with a time limit, and restarts it on
 * the next call after it crashed, hung or sent garbage. Failures are results, never throws.
 */
export class McpConnection {
  readonly name: string
  readonly #options: McpConnectionOptions
  #client: Client | undefined
  #starting: Promise<Client> | undefined
  #tools: readonly Tool[] = []
  // Each listed tool's schema hash, made once per listing: a call compares against it.
  #schemaHashes = new Map<string, string>()
  #state: McpConnectionState = 'starting'
  #error: string | undefined
  #stderr = { head: '', tail: '' }
  // Failed starts in a row, and what cancels the timer of the next try.
  #failures = 0
  #cancelRetry: (() => void) | undefined
  readonly #noticeListeners = new Set<(notice: McpNotice) => void>()
  // Whether the server was connected once: a later connection may offer other resources and prompts.
  #connectedOnce = false

  constructor(options: McpConnectionOptions) {
    this.name = options.name
    this.#options = options
  }

  /** The server's tools as last listed (kept while it is stopped, so a call can restart it). */
  get tools(): readonly Tool[] {
    return this.#tools
  }

  /** Where the connection stands now. */
  get state(): McpConnectionState {
    return this.#state
  }

  /** Why the server last failed or stopped, if it did. */
  get error(): string | undefined {
    return this.#error
  }

  /** Starts the server and lists its tools; a failure is kept in `state` and `error`. */
  async start(): Promise<void> {
    await this.#ensureClient().catch(() => {})
  }

  /** Tries a server whose start failed again now, not waiting for its backoff; resolves when that try ends. */
  async retry(): Promise<void> {
    if (this.#state === 'failed') await this.start()
  }

  /**
   * Calls a tool. `expectedSchema` is the schema hash the call was prepared against: a server
   * that came back with a different schema refuses the call (`tool_changed`).
   */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    expectedSchema: string,
    signal: AbortSignal,
  ): Promise<ToolResult> {
    return (await this.call(tool, args, expectedSchema, signal)).result
  }

  /**
   * `callTool`, and the server's own answer beside it (`raw`, absent when the call failed before
   * or without one): a gateway passes that on to its client as the server gave it.
   */
  async call(
    tool: string,
    args: Record<string, unknown>,
    expectedSchema: string,
    signal: AbortSignal,
  ): Promise<{ result: ToolResult; raw?: CallToolResult }> {
    let raw: CallToolResult | undefined
    const result = await this.#call(tool, args, expectedSchema, signal, (answer) => {
      raw = answer
    })
    return raw === undefined ? { result } : { result, raw }
  }

  async #call(
    tool: string,
    args: Record<string, unknown>,
    expectedSchema: string,
    signal: AbortSignal,
    answered: (raw: CallToolResult) => void,
  ): Promise<ToolResult> {
    let client: Client
    try {
      client = await this.#ensureClient()
    } catch (error) {
      return toolFailure(
        'tool_unavailable',
        `MCP server ${this.name} is not available: ${message(error)}; nothing ran`,
      )
    }
    if (this.#schemaHashes.get(tool) !== expectedSchema) {
      return toolFailure(
        'tool_changed',
        `MCP server ${this.name} no longer offers ${tool} as it was when this call was prepared; nothing ran`,
      )
    }
    const timeout = this.#options.config.timeoutMs ?? this.#options.callTimeoutMs
    try {
      // The run's signal outlives the call: once answered, its abort must not reach the server.
      const result = await whileRunning(signal, (own) =>
        client.callTool({ name: tool, arguments: args }, { signal: own, timeout }),
      )
      answered(result as CallToolResult)
      return toToolResult(this.name, tool, result)
    } catch (error) {
      if (signal.aborted) return toolFailure('cancelled', 'the run was cancelled')
      const unsure = 'The call may or may not have taken effect.'
      if (timedOut(error)) {
        // A hung server may stay hung: stop it so the next call gets a fresh one.
        await this.#stop(client, `did not answer ${tool} within ${timeout} ms`)
        return toolFailure(
          'execution_failed',
          `MCP server ${this.name} did not answer ${tool} within ${timeout} ms; it was stopped and starts again on the next call. ${unsure}`,
        )
      }
      if (this.#client !== client) {
        return toolFailure(
          'execution_failed',
          `MCP server ${this.name} stopped during ${tool} (${this.#error ?? message(error)}); it starts again on the next call. ${unsure}`,
        )
      }
      if (protocolLevel(error)) {
        // A protocol-level error (a result of the wrong shape, say): the connection itself is fine.
        return toolFailure(
          'execution_failed',
          `MCP server ${this.name} gave no valid answer to ${tool}: ${message(error).slice(0, 300)}`,
        )
      }
      // The transport failed (an HTTP server gone, a session lost): connect afresh next time.
      await this.#stop(client, `lost the connection: ${message(error)}`)
      return toolFailure(
        'execution_failed',
        `MCP server ${this.name} could not be reached during ${tool} (${message(error).slice(0, 300)}); it is connected again on the next call. ${unsure}`,
      )
    }
  }

  /**
   * Sends a read (resources, prompts, completions) to the server and gives its answer; a server
   * that does not declare the feature is not asked (`-32601`). Failures are answers, never throws.
   */
  async read(
    method: McpReadMethod,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<McpReadAnswer> {
    // A server whose start failed is tried again by its backoff, a tools/list or a call: a read
    // (every list asks every server) would otherwise wait for a start that fails each time.
    if (this.#state === 'failed') {
      return { ok: false, code: internalError, message: this.#error ?? 'not started' }
    }
    let client: Client
    try {
      client = await this.#ensureClient()
    } catch (error) {
      return { ok: false, code: internalError, message: message(error) }
    }
    if (!offersRead(client.getServerCapabilities(), method)) {
      return { ok: false, code: methodNotFound, message: `${this.name} offers no ${method}` }
    }
    const timeout = this.#options.config.timeoutMs ?? this.#options.callTimeoutMs
    try {
      const result = await client.request({ method, params }, { signal, timeout })
      return { ok: true, result: result as Record<string, unknown> }
    } catch (error) {
      const code =
        sdk !== undefined && error instanceof sdk.ProtocolError ? error.code : internalError
      return {
        ok: false,
        code,
        message: message(error)
          .replace(/^MCP error -?\d+: /, '')
          .slice(0, 500),
      }
    }
  }

  /** Calls `listener` with each log line and list change the server sends; returns the unsubscribe. */
  onNotice(listener: (notice: McpNotice) => void): () => void {
    this.#noticeListeners.add(listener)
    return () => this.#noticeListeners.delete(listener)
  }

  /** Stops the server for good. */
  async close(): Promise<void> {
    this.#state = 'closed'
    this.#cancelRetry?.()
    const client = this.#client ?? (await this.#starting?.catch(() => undefined))
    this.#client = undefined
    await client?.close().catch(() => {})
  }

  #ensureClient(): Promise<Client> {
    if (this.#state === 'closed') return Promise.reject(new Error('the connection was closed'))
    if (this.#client !== undefined) return Promise.resolve(this.#client)
    // The next try is set once this one is over: a try that joined it would never start.
    this.#starting ??= this.#connect().then(
      (client) => {
        this.#starting = undefined
        return client
      },
      (error: unknown) => {
        this.#starting = undefined
        if (this.#state === 'failed') this.#failed(this.#error ?? message(error))
        throw error
      },
    )
    return this.#starting
  }

  async #connect(): Promise<Client> {
    this.#cancelRetry?.()
    this.#cancelRetry = undefined
    // A retry keeps saying `failed` (and why) until it succeeds.
    if (this.#state !== 'failed') this.#state = 'starting'
    this.#stderr = { head: '', tail: '' }
    const { Client } = await loadSdk()
    const client = new Client(
      { name: 'studypulse', version: '0.1.0' },
      {
        listChanged: {
          tools: {
            debounceMs: 50,
            onChanged: (error, tools) => {
              if (this.#client !== client) return
              if (error !== null) this.#error = `could not list tools again: ${error.message}`
              else if (tools !== null) this.#setTools(tools)
            },
          },
        },
      },
    )
    this.#listen(client)
    client.onclose = () => {
      if (this.#client !== client) return
      this.#client = undefined
      if (this.#state !== 'closed') {
        this.#state = 'stopped'
        this.#error ??= `the server stopped${this.#stderrSummary()}`
      }
    }
    client.onerror = (error) => {
      // A line on stdout that is not MCP: the server is broken, and a pending call would wait in
      // vain. Stop it (failing that call at once); the next call starts it again.
      if (error instanceof SyntaxError || error.name.endsWith('ZodError')) {
        void this.#stop(
          client,
          `it wrote something that is not MCP: ${error.message.slice(0, 200)}`,
        )
      } else this.#error = error.message
    }
    const startTimeoutMs = this.#options.config.startTimeoutMs ?? this.#options.startTimeoutMs
    try {
      await client.connect(await this.#transport(), { timeout: startTimeoutMs })
      const tools: Tool[] = []
      let cursor: string | undefined
      // A server offering only prompts or resources has no tools to list.
      if (client.getServerCapabilities()?.tools !== undefined)
        do {
          const page = await client.listTools(cursor === undefined ? undefined : { cursor }, {
            timeout: startTimeoutMs,
          })
          tools.push(...page.tools)
          cursor = page.nextCursor
        } while (cursor !== undefined)
      // Read through the getter: `close()` may have run while this awaited.
      if (this.state === 'closed') throw new Error('the connection was closed')
      this.#client = client
      this.#state = 'connected'
      this.#error = undefined
      const attempt = this.#failures + 1
      this.#failures = 0
      this.#setTools(tools)
      // A server started again may offer other resources and prompts than before.
      if (this.#connectedOnce) {
        this.#notice({ method: 'notifications/resources/list_changed' })
        this.#notice({ method: 'notifications/prompts/list_changed' })
      }
      this.#connectedOnce = true
      this.#options.onStartEnded?.({ server: this.name, attempt, ok: true, tools: tools.length })
      return client
    } catch (error) {
      await client.close().catch(() => {})
      const why = timedOut(error) ? `did not start within ${startTimeoutMs} ms` : message(error)
      // A transport error may quote the URL, a server's stderr anything: user-info never shows.
      this.#error = redactUserInfo(`${why}${this.#stderrSummary()}`)
      if (this.state !== 'closed') this.#state = 'failed'
      throw new Error(this.#error)
    }
  }

  // A start failed: say so, and try again after a wait that doubles with each failure in a row.
  #failed(error: string): void {
    this.#failures += 1
    const { retry = defaultMcpRetry, onStartEnded } = this.#options
    const retryInMs = retryDelayMs(retry, this.#failures)
    this.#cancelRetry = retry.timer(() => {
      this.#cancelRetry = undefined
      void this.retry()
    }, retryInMs)
    onStartEnded?.({ server: this.name, attempt: this.#failures, ok: false, error, retryInMs })
  }

  async #transport(): Promise<Transport> {
    const { config, baseDir } = this.#options
    if ('url' in config) {
      const { StreamableHTTPClientTransport } = await loadSdk()
      const { nodeHttpFetch } = await import('./nodeHttpFetch.ts')
      return new StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers },
        // One write per request on a kept-alive connection: the web fetch costs a read its time.
        fetch: nodeHttpFetch(),
      })
    }
    const cwd =
      config.cwd === undefined
        ? baseDir
        : isAbsolute(config.cwd)
          ? config.cwd
          : resolve(baseDir, config.cwd)
    const { strictStdioTransport } = await import('./strictStdioTransport.ts')
    const transport = strictStdioTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      cwd,
      // Piped, not inherited: a server's log lines must not land in the terminal chat.
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8')
      const room = Math.max(0, stderrHeadKept - this.#stderr.head.length)
      this.#stderr.head += text.slice(0, room)
      this.#stderr.tail = (this.#stderr.tail + text.slice(room)).slice(-stderrTailKept)
    })
    return transport
  }

  async #stop(client: Client, reason: string): Promise<void> {
    if (this.#client === client) {
      this.#client = undefined
      this.#state = 'stopped'
      this.#error = reason
    }
    await client.close().catch(() => {})
  }

  // The server's log lines and list changes, passed on while this client is the live one (or
  // still connecting: a server may say something before it has listed its tools).
  #listen(client: Client): void {
    const live = () => this.#state !== 'closed' && (this.#client ?? client) === client
    client.setNotificationHandler('notifications/message', ({ params }) => {
      if (live()) this.#notice({ method: 'notifications/message', params })
    })
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      if (live()) this.#notice({ method: 'notifications/resources/list_changed' })
    })
    client.setNotificationHandler('notifications/resources/updated', ({ params }) => {
      const { uri } = params
      if (live()) this.#notice({ method: 'notifications/resources/updated', params: { uri } })
    })
    client.setNotificationHandler('notifications/prompts/list_changed', () => {
      if (live()) this.#notice({ method: 'notifications/prompts/list_changed' })
    })
  }

  #notice(notice: McpNotice): void {
    for (const listener of this.#noticeListeners) listener(notice)
  }

  #setTools(tools: readonly Tool[]): void {
    const before = JSON.stringify(this.#tools)
    this.#tools = Object.freeze([...tools])
    // The first of a name is the one a call finds (as `find` did).
    this.#schemaHashes = new Map(tools.toReversed().map((t) => [t.name, schemaHash(t.inputSchema)]))
    if (JSON.stringify(this.#tools) !== before) this.#options.onToolsChanged()
  }

  #stderrSummary(): string {
    const { head, tail } = this.#stderr
    const said = describeStderr(tail === '' ? head : `${head}\n…\n${tail}`)
    return said === '' ? '' : `; stderr: ${said}`
  }
}

// JSON-RPC's internal error: what a read answers when the server could not be asked.
const internalError = -32603

// The MCP SDK's client, loaded with the first connection to a server: a gateway or app that
// fronts none never loads it (its own copy of the protocol's schemas costs about 4 MB resident).
let sdk: typeof import('@modelcontextprotocol/client') | undefined
async function loadSdk(): Promise<typeof import('@modelcontextprotocol/client')> {
  sdk ??= await import('@modelcontextprotocol/client')
  return sdk
}

// The SDK gave up waiting for the server's answer (its own time limit, not the server's error).
// An error from the SDK comes after it loaded, so `sdk` is there to tell its kind.
function timedOut(error: unknown): boolean {
  return (
    sdk !== undefined &&
    error instanceof sdk.SdkError &&
    error.code === sdk.SdkErrorCode.RequestTimeout
  )
}

// The server answered, but not as the protocol says (an error, or a result of the wrong shape):
// the connection itself is fine. Anything else (closed, not sent) is the transport failing.
function protocolLevel(error: unknown): boolean {
  if (sdk === undefined) return false
  if (error instanceof sdk.ProtocolError) return true
  const { InvalidResult, UnsupportedResultType } = sdk.SdkErrorCode
  return (
    error instanceof sdk.SdkError && [InvalidResult, UnsupportedResultType].includes(error.code)
  )
}

// Every error message said about a server: a transport error may quote its URL.
function message(error: unknown): string {
  return redactUserInfo(error instanceof Error ? error.message : String(error))
}
