import type { CallToolResult, Tool } from '@modelcontextprotocol/server'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { randomId } from '../../runtime/randomId.ts'
import { canonicalJson } from '../../tools/canonicalJson.ts'
import type { McpTools, McpUpstreamTool } from '../../tools/mcp/createMcpTools.ts'
import { ToolError } from '../../tools/ToolError.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { askerGone, cancelReason } from '../../vocabulary/cancelCode.ts'
import type { Identity } from '../../vocabulary/Identity.ts'
import { needsConfirmation } from '../../vocabulary/PermissionLevel.ts'
import type { ToolResult } from '../../vocabulary/ToolResult.ts'
import type { AskByInputRequired } from './askByInputRequired.ts'
import { askInHost, type HostAsking } from './askInHost.ts'
import type { GatewayCaller } from './GatewayCaller.ts'
import { GatewayCatalog } from './gatewayCatalog.ts'
import type { GatewayModel } from './gatewayModel.ts'
import { GatewayNames } from './gatewayNames.ts'
import { plainFailure, toCallToolResult } from './gatewayResult.ts'
import { listedTool } from './gatewayTools.ts'

export { askerGone } from '../../vocabulary/cancelCode.ts'

const goneText = (asker: string) =>
  `${asker} stopped waiting for the answer (it cancelled the call, or its connection closed), so the call was never made`

/** Who starts the gateway's runs: the run list names them so, and a restart finds them by it. */
export const gatewayStarter: Identity = { id: 'mcp-gateway', name: 'MCP gateway' }

/** How often a waiting call tells its client it is still waiting (the protocol's timeout resets on it). */
export const defaultProgressEveryMs = 15_000

/** What a gateway is built from. */
export interface GatewayOptions {
  runtime: AgentRuntime
  model: GatewayModel
  mcp: McpTools
  progressEveryMs?: number
  /** How long the card app's read of a card waits for it to be shown (default 30 s). */
  cardWaitMs?: number
  /**
   * The origin of the StudyPulse web app on the same workspace (`--page-url`): a client that
   * opens URLs is sent the card's page there instead of a form.
   */
  pageUrl?: string
  /** Told about problems that are no call's answer (a decision that failed to save, say). */
  log?: (line: string) => void
  /** How what the servers offer is named (default: every name prefixed with its server). */
  names?: GatewayNames
}

/**
 * StudyPulse as an MCP server in front of other MCP servers: lists their tools under
 * `<server>__<tool>`, passes reads straight through, and runs every other call as a run of the
 * one runtime whose model proposes exactly that call, so its card, rules, audit and traces are
 * the runtime's own. The person answers in the host (elicitation) or on the page; the client gets
 * the server's answer, or the refusal.
 */
export class Gateway {
  readonly #options: GatewayOptions
  readonly #runs = new Set<string>()
  // The cards waiting now, by their id, for the card drawn in the host (an MCP App), each with
  // the MCP session and the person that asked: only they see it there, and decide it.
  readonly #cards = new Map<string, HeldCard>()
  readonly #cardWaiters = new Set<() => void>()

  readonly #asking: HostAsking
  #inputRequired: AskByInputRequired | undefined
  /** How what the servers offer is named to the client. */
  readonly names: GatewayNames
  /** The servers' resources, templates, prompts, completions and notices, passed through. */
  readonly catalog: GatewayCatalog

  constructor(options: GatewayOptions) {
    this.#options = options
    this.names = options.names ?? new GatewayNames()
    this.catalog = new GatewayCatalog(options.mcp, this.names)
    this.#asking = {
      runtime: options.runtime,
      log: options.log ?? (() => {}),
      ...(options.pageUrl !== undefined && { pageUrl: options.pageUrl }),
    }
  }

  /**
   * Sends cards to the StudyPulse page at `pageUrl` from now on (`--page`: the page is served only
   * once the gateway, whose runtime it shows, exists).
   */
  showCardsAt(pageUrl: string): void {
    this.#asking.pageUrl = pageUrl
  }

  /**
   * The one asker about cards of 2026-07-28 clients (`InputRequiredResult` round trips), made by
   * `make` on the first such call: it needs the MCP SDK v2, which a gateway whose clients all speak
   * 2025-11-25 never loads.
   */
  inputRequired(make: (runtime: AgentRuntime) => AskByInputRequired): AskByInputRequired {
    this.#inputRequired ??= make(this.#options.runtime)
    return this.#inputRequired
  }

  /**
   * Every upstream tool the host lets through, as `tools/list` shows them; for a host that draws
   * MCP Apps (`cardUri`), each gated tool names the card, drawn while its call waits.
   */
  listTools(cardUri?: string): Tool[] {
    const { mcp, runtime } = this.#options
    // A server whose start failed is tried again now; its tools come with `tools/list_changed`.
    void mcp.retry()
    return mcp.tools().flatMap((tool) => {
      const upstream = mcp.upstream(tool.name)
      const level = runtime.tools.permissionOf(tool.name)
      if (upstream === undefined || level === undefined) return []
      const offered = this.names.tool(tool.name, upstream.tool.name)
      const listed = listedTool(offered, upstream, needsConfirmation(level))
      if (cardUri === undefined || !needsConfirmation(level)) return [listed]
      return [{ ...listed, _meta: { ...listed._meta, ui: { resourceUri: cardUri } } }]
    })
  }

  /** Calls `listener` when the upstream tools changed; returns the unsubscribe. */
  onToolsChanged(listener: () => void): () => void {
    return this.#options.mcp.onChange(listener)
  }

  /** The gateway's runs still in progress (each a call waiting for its card or its server). */
  runIds(): readonly string[] {
    return [...this.#runs]
  }

  /** One `tools/call`: a read goes straight to its server, anything else through a card. */
  async callTool(offered: string, args: unknown, caller: GatewayCaller): Promise<CallToolResult> {
    const { mcp, runtime } = this.#options
    const name = this.#registryName(offered)
    const down =
      mcp.upstream(name) === undefined ? (this.names.passFor ?? downServerOf(mcp, name)) : undefined
    if (down !== undefined) {
      // A tool of a server whose start failed: try it again now, and say why if it still fails.
      await mcp.retry(down)
      const still = mcp.servers().find((server) => server.name === down)
      if (mcp.upstream(name) === undefined && still?.state === 'failed') {
        return plainFailure(
          'tool_unavailable',
          `MCP server ${down} is not available: ${still.error ?? 'it did not start'}; nothing ran`,
        )
      }
    }
    const upstream = mcp.upstream(name)
    const level = runtime.tools.permissionOf(name)
    if (upstream === undefined || level === undefined) {
      return plainFailure('unknown_tool', `no tool named ${JSON.stringify(offered)} is offered`)
    }
    if (needsConfirmation(level)) return this.#gated(name, args, caller)
    return this.#read(name, upstream, args, caller.signal)
  }

  /**
   * A read's `tools/call` at once, or undefined when `offered` is no read of a server that is up
   * (a gated call, an unknown name, a server down: `callTool` answers those). Whether it is a read
   * is the host's level for the tool, never what the server or the client says. The fast paths
   * (`fastReads.ts`) answer reads with it without the MCP SDK's dispatch.
   */
  readNow(
    offered: string,
    args: unknown,
    signal: AbortSignal,
  ): Promise<CallToolResult> | undefined {
    const { mcp, runtime } = this.#options
    const name = this.#registryName(offered)
    const upstream = mcp.upstream(name)
    const level = runtime.tools.permissionOf(name)
    if (upstream === undefined || level === undefined || needsConfirmation(level)) return undefined
    return this.#read(name, upstream, args, signal)
  }

  // A read: its arguments prepared as any call's are (checked against the schema, bounded), then
  // sent to its server, whose answer (checked by the SDK's client) is passed on as it gave it.
  async #read(
    name: string,
    upstream: McpUpstreamTool,
    args: unknown,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    let prepared: ReturnType<AgentRuntime['tools']['prepare']>
    try {
      prepared = this.#options.runtime.tools.prepare(randomId(), name, args ?? {})
    } catch (error) {
      if (error instanceof ToolError) return plainFailure(error.code, error.message)
      throw error
    }
    const { result, raw } = await upstream.connection.call(
      upstream.tool.name,
      JSON.parse(prepared.argumentsJson) as Record<string, unknown>,
      upstream.schemaHash,
      signal,
    )
    if (raw !== undefined) return raw
    return result.ok
      ? toCallToolResult(result)
      : plainFailure(result.error.code, result.error.message)
  }

  // The registry's name for an offered tool name (the same, unless names pass unchanged).
  #registryName(offered: string): string {
    if (this.names.passFor === undefined) return offered
    const { mcp } = this.#options
    const found = mcp.tools().find((tool) => {
      const upstream = mcp.upstream(tool.name)
      return upstream !== undefined && this.names.tool(tool.name, upstream.tool.name) === offered
    })
    return found?.name ?? offered
  }

  /**
   * The card waiting for a call of `tool` with `args` that `asker` made (as the host's MCP App asks
   * for it), once it is shown; undefined if none is shown within `timeoutMs`. Another session's
   * card, or another person's, is never found: it is none of this asker's.
   */
  async cardFor(
    tool: string,
    args: unknown,
    asker: CardAsker,
    timeoutMs = this.#options.cardWaitMs ?? 30_000,
  ): Promise<GatewayCard | undefined> {
    const wanted = canonicalJson(args ?? {})
    const name = this.#registryName(tool)
    const find = () => {
      for (const held of this.#cards.values()) {
        const { card } = held
        if (!askedBy(held, asker)) continue
        if (card.toolName === name && card.payloadJson === wanted) return cardView(card)
      }
      return undefined
    }
    const now = find()
    if (now !== undefined) return now
    return new Promise((resolve) => {
      const look = () => {
        const found = find()
        if (found === undefined) return
        done(found)
      }
      const done = (found: GatewayCard | undefined) => {
        this.#cardWaiters.delete(look)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => done(undefined), timeoutMs)
      this.#cardWaiters.add(look)
    })
  }

  /**
   * A decision from the card drawn in the host, through the runtime's one decision path. Only the
   * session that asked may send it (a card of another session is no card there); who decides is
   * that session's person, and the chart's guard applies the host's approval rules to them.
   */
  async decideFromApp(input: {
    confirmationId: string
    digest: string
    decision: 'allow' | 'deny'
    remember?: 'session' | 'always'
    /** The MCP session and signed-in person the decision comes from. */
    from: CardAsker
  }): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
    const held = this.#cards.get(input.confirmationId)
    if (held === undefined || !askedBy(held, input.from)) {
      return { ok: false, code: 'confirmation_not_found', message: 'no card waits with that id' }
    }
    const by = input.from.person
    try {
      await this.#options.runtime.submitConfirmation(
        held.runId,
        input.confirmationId,
        input.decision,
        {
          digest: input.digest,
          ...(input.remember !== undefined && { remember: input.remember }),
          ...(by !== undefined && { by }),
        },
      )
      return { ok: true }
    } catch (error) {
      const code = (error as { code?: unknown }).code
      return {
        ok: false,
        code: typeof code === 'string' ? code : 'invalid_decision',
        message: error instanceof Error ? error.message : String(error),
      }
    }
  }

  #shown(runId: string, card: AgentEvent, caller: GatewayCaller): void {
    this.#cards.set(card.confirmationId as string, {
      runId,
      card,
      session: caller.session,
      ...(caller.person !== undefined && { person: caller.person }),
    })
    for (const look of [...this.#cardWaiters]) look()
  }

  /** Cancels every call still waiting: its card is closed and never runs (the gateway stops). */
  async interruptAll(reason: string): Promise<void> {
    const { runtime } = this.#options
    await Promise.all(
      [...this.#runs].map((runId) => runtime.cancel(runId, reason).catch(() => undefined)),
    )
  }

  async #gated(name: string, args: unknown, caller: GatewayCaller): Promise<CallToolResult> {
    const { runtime, model } = this.#options
    const upstream = this.#options.mcp.upstream(name)
    const action = upstream?.tool.title ?? upstream?.tool.name ?? name
    const runId = runtime.startRun({
      input: `${caller.name} asks to run ${action} on ${upstream?.server ?? 'a server'}`,
      by: caller.person ?? gatewayStarter,
    })
    this.#runs.add(runId)
    const callId = randomId()
    model.propose(runId, { id: callId, name, arguments: JSON.stringify(args ?? {}) })
    try {
      return await this.#answer(runId, callId, caller)
    } finally {
      this.#runs.delete(runId)
      void this.#retire(runId)
    }
  }

  /** Waits for the run's answer to the call, asking the person in the host meanwhile. */
  #answer(runId: string, callId: string, caller: GatewayCaller): Promise<CallToolResult> {
    const { runtime } = this.#options
    const asking = new AbortController()
    // The log position of the last card asked about: each card is asked once.
    let asked = 0
    let progress: ReturnType<typeof setInterval> | undefined
    let stop: (() => void) | undefined
    // Pages offered to the host for this call: each is said to be done once the call is answered.
    const pages: string[] = []
    return new Promise<CallToolResult>((resolve) => {
      const finish = (result: CallToolResult) => {
        for (const id of pages) void caller.openPage?.done(id).catch(() => {})
        for (const [id, held] of this.#cards) if (held.runId === runId) this.#cards.delete(id)
        stop?.()
        if (progress !== undefined) clearInterval(progress)
        asking.abort()
        caller.signal.removeEventListener('abort', gone)
        resolve(result)
      }
      // The asker is gone (it cancelled, its connection or process ended): the card closes now,
      // and the call never runs later, whoever would still answer it.
      const gone = () => {
        this.#options.log?.(`studypulse-gateway: ${askerGone}: ${caller.name} left run ${runId}`)
        void runtime.cancel(runId, cancelReason(askerGone, goneText(caller.name))).catch(() => {})
      }
      const check = () => {
        const view = runtime.view(runId)
        const answered = view.events.find(
          (e) => (e.kind === 'toolCompleted' || e.kind === 'toolFailed') && e.toolCallId === callId,
        )
        if (answered !== undefined) return finish(toCallToolResult(resultOf(answered)))
        if (view.status !== 'active') return finish(toCallToolResult(endedResult(view.events)))
        // The run's latest card, while it is open (whether a decision fits it is the guard's to say).
        const card = view.events.findLast((e) => e.kind === 'confirmationRequired')
        if (card === undefined || card.seq <= asked || view.pending === undefined) return
        asked = card.seq
        this.#shown(runId, card, caller)
        // A caller that asks in its own way (a 2026-07-28 round trip) takes the card over.
        const own = caller.onCard?.(runId, card) === true
        const page = own ? undefined : askInHost(this.#asking, runId, card, caller, asking.signal)
        if (page !== undefined) pages.push(page)
        progress ??= this.#keepAlive(caller, card)
      }
      stop = runtime.subscribe(runId, (event) => {
        if (event?.kind !== 'assistantDelta') check()
      })
      caller.signal.addEventListener('abort', gone, { once: true })
      if (caller.signal.aborted) gone()
      check()
    })
  }

  #keepAlive(caller: GatewayCaller, card: AgentEvent): ReturnType<typeof setInterval> | undefined {
    const { progress } = caller
    if (progress === undefined) return undefined
    let count = 0
    const what = card.preview ?? 'the call'
    const handle = setInterval(() => {
      count += 1
      void progress(count, `Waiting for a person to allow or deny: ${what}`).catch(() => {})
    }, this.#options.progressEveryMs ?? defaultProgressEveryMs)
    handle.unref?.()
    return handle
  }

  /** Ends an answered run once its model has said its last line, and lets it go. */
  async #retire(runId: string): Promise<void> {
    const { runtime, model } = this.#options
    model.forget(runId)
    try {
      const view = runtime.view(runId)
      if (view.status === 'active') {
        await waitUntilIdle(runtime, runId)
        await runtime.cancel(runId, 'the MCP client has its answer')
      }
      await runtime.flush()
      runtime.release(runId)
    } catch {
      // Gone already (the runtime closed): nothing to let go.
    }
  }
}

// The run rests once its last turn is said (awaiting input) or it ended.
function waitUntilIdle(runtime: AgentRuntime, runId: string): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      const view = runtime.view(runId)
      return view.status !== 'active' || view.value === 'awaitingInput'
    }
    if (idle()) return resolve()
    const stop = runtime.subscribe(runId, () => {
      if (idle()) {
        stop()
        resolve()
      }
    })
  })
}

/** Who reads or decides a card through the card app: the MCP session, and its signed-in person. */
export interface CardAsker {
  session: string
  person?: Identity
}

/** A waiting card, and the session and person whose call it is. */
interface HeldCard extends CardAsker {
  runId: string
  card: AgentEvent
}

// The card is the asker's: asked in this very session, by this very person (hosted mode names
// one person per session; the check holds even if a session were ever shared).
function askedBy(held: HeldCard, asker: CardAsker): boolean {
  return held.session === asker.session && held.person?.id === asker.person?.id
}

/** A card as the host's MCP App draws it. */
export interface GatewayCard {
  confirmationId: string
  digest: string
  permission: string
  headline: string
  preview: string
  argumentsJson: string
  diff?: unknown
}

function cardView(card: AgentEvent): GatewayCard {
  return {
    confirmationId: card.confirmationId as string,
    digest: card.digest as string,
    permission: card.permission ?? 'destructive',
    headline: card.description?.headline ?? card.preview ?? '',
    preview: card.preview ?? '',
    argumentsJson: card.payloadJson ?? '{}',
    ...(card.description?.diff !== undefined && { diff: card.description.diff }),
  }
}

function resultOf(event: AgentEvent): ToolResult {
  try {
    const parsed = JSON.parse(event.payloadJson ?? '') as ToolResult
    if (parsed !== null && typeof parsed === 'object' && 'ok' in parsed) return parsed
  } catch {
    // Not JSON: said below.
  }
  return {
    ok: false,
    error: event.error ?? { code: 'execution_failed', message: 'the result could not be read' },
  }
}

function endedResult(events: readonly AgentEvent[]): ToolResult {
  const last = events.findLast((e) => e.kind === 'runCancelled' || e.kind === 'runFailed')
  const code = last?.kind === 'runFailed' ? (last.error?.code ?? 'run_failed') : 'cancelled'
  const message =
    last?.error?.message ?? last?.text ?? 'the call ended before it was answered; nothing ran'
  return { ok: false, error: { code, message } }
}

// The failed server a tool name belongs to by its `<server>__` prefix (the longest that fits).
function downServerOf(mcp: McpTools, tool: string): string | undefined {
  return mcp
    .servers()
    .filter((server) => server.state === 'failed' && tool.startsWith(`${server.name}__`))
    .sort((a, b) => b.name.length - a.name.length)[0]?.name
}
