import { dirname, resolve } from 'node:path'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import type { McpTools } from '../../tools/mcp/createMcpTools.ts'
import { loadMcpConfig } from '../../tools/mcp/loadMcpConfig.ts'
import type { McpRetry, McpStartEnded } from '../../tools/mcp/mcpRetry.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { cancelReason, interruptedCode } from '../../vocabulary/cancelCode.ts'
import { isEnded } from '../../vocabulary/RunStatus.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { applyPolicyFile } from '../applyPolicyFile.ts'
import { startTracing } from '../startTracing.ts'
import { Gateway, gatewayStarter } from './Gateway.ts'
import { GatewayModel } from './gatewayModel.ts'
import { GatewayNames } from './gatewayNames.ts'
import { createGatewayTools } from './gatewayTools.ts'

/** What starting a gateway takes (the command line's options, parsed). */
export interface StartGatewayOptions {
  /** The `mcp.json` naming the servers to front. */
  configPath: string
  /** The workspace folder whose `studypulse.db` keeps the cards, rules and audit. */
  workspace: string
  /** How long a card waits for a person before the call ends as `confirmation_expired`. */
  askTimeoutMs: number
  progressEveryMs?: number
  /** How long the card app's read of a card waits for it to be shown (default 30 s). */
  cardWaitMs?: number
  /**
   * The host's approval rules (`STUDYPULSE_APPROVAL_RULES`, as the app reads them): who may decide
   * which cards. Only for hosted sign-in over HTTP, where every call names its person.
   */
  approvalRules?: ApprovalRules
  /** The StudyPulse web app's origin on the same workspace (`--page-url`): cards link to it. */
  pageUrl?: string
  /** Offer the servers' names unchanged (`--pass-names`): only with exactly one server. */
  passNames?: boolean
  /** When an upstream server whose start failed is tried again (tests set the timer). */
  retry?: Partial<McpRetry>
  env?: NodeJS.ProcessEnv
  log?: (line: string) => void
}

/** A started gateway: serve it (`createGatewayServer`, `serveGatewayHttp`), then stop it. */
export interface StartedGateway {
  gateway: Gateway
  runtime: AgentRuntime
  mcp: McpTools
  workspace: Workspace
  /** Cards a stopped gateway left waiting, closed now as interrupted (they never run). */
  interrupted: readonly string[]
  /** Closes the waiting cards as interrupted, stops the servers and the runtime. */
  stop(): Promise<void>
}

/** Thrown when the gateway cannot start (a bad `mcp.json`); its message names the file. */
export class GatewayStartError extends Error {
  override readonly name = 'GatewayStartError'
  readonly code = 'gateway_not_started'
}

/** The reason a card of a gateway that stopped is closed with. */
export const interruptedReason = cancelReason(
  interruptedCode,
  'the gateway stopped while this card waited, so the call was never made (the host that asked is gone)',
)

/**
 * Opens the workspace and its SQLite store, connects to every server of `mcp.json`, and builds
 * the one runtime the gateway's calls run through (traced when `OTEL_EXPORTER_OTLP_ENDPOINT` is
 * set). Cards a stopped gateway left waiting are closed as interrupted first.
 */
export async function startGateway(options: StartGatewayOptions): Promise<StartedGateway> {
  const log = options.log ?? ((line: string) => console.error(line))
  const env = options.env ?? process.env
  const configPath = resolve(options.configPath)
  const loaded = await loadMcpConfig(configPath)
  if (loaded.status === 'absent') throw new GatewayStartError(`${configPath} does not exist`)
  if (loaded.status === 'invalid') throw new GatewayStartError(loaded.error.message)
  const servers = Object.keys(loaded.config.servers)
  // Unprefixed names are unique only when one server offers them.
  if (options.passNames === true && servers.length !== 1) {
    throw new GatewayStartError(
      `--pass-names keeps the server's own names, so it needs exactly one server in ${configPath}; it names ${servers.length}`,
    )
  }
  const workspace = await Workspace.openOrCreate(resolve(options.workspace), { samples: false })
  const store = sqliteRunStore(workspace.root)
  for (const problem of await store.tidy()) log(`studypulse-gateway: ${problem}`)
  const mcp = await createGatewayTools(loaded.config, {
    baseDir: dirname(configPath),
    ...(options.retry !== undefined && { retry: options.retry }),
    onStartEnded: (ended) => {
      const line = startLine(ended)
      if (line !== undefined) log(`studypulse-gateway: ${line}`)
    },
  })
  const model = new GatewayModel()
  const tracing = await startTracing(env, log)
  const created = createAgentRuntime({
    model: tracing?.model(model) ?? model,
    tools: new ToolRegistry([], { sources: [mcp] }),
    workspace,
    store,
    confirmationTimeoutMs: options.askTimeoutMs,
    ...(options.approvalRules !== undefined && { approvalRules: options.approvalRules }),
    onPersistError: (error) => log(`studypulse-gateway: ${String(error)}`),
  })
  const runtime = tracing?.runtime(created) ?? created
  for (const problem of await applyPolicyFile(runtime.policies, workspace.root)) {
    log(`studypulse-gateway: ${problem}`)
  }
  const interrupted = await closeLeftCards(runtime)
  const gateway = new Gateway({
    runtime,
    model,
    mcp,
    ...(options.progressEveryMs !== undefined && { progressEveryMs: options.progressEveryMs }),
    ...(options.cardWaitMs !== undefined && { cardWaitMs: options.cardWaitMs }),
    ...(options.pageUrl !== undefined && { pageUrl: options.pageUrl }),
    ...(options.passNames === true && { names: new GatewayNames(servers[0]) }),
    log,
  })
  let stopping: Promise<void> | undefined
  return {
    gateway,
    runtime,
    mcp,
    workspace,
    interrupted,
    stop() {
      stopping ??= (async () => {
        await gateway.interruptAll(interruptedReason)
        await runtime.close()
        await mcp.close()
        await tracing?.shutdown()
      })()
      return stopping
    },
  }
}

// What the log says of a server's try to start: each failure with its error, a late success.
function startLine(ended: McpStartEnded): string | undefined {
  if (!ended.ok) {
    const wait = Math.round(ended.retryInMs / 1000)
    return `${ended.server}: ${ended.error} (tried ${ended.attempt}×; trying again in ${wait} s, or on the next tools/list or call)`
  }
  return ended.attempt > 1
    ? `${ended.server} started on try ${ended.attempt}: ${ended.tools} tools`
    : undefined
}

/**
 * The gateway's runs a stopped gateway left unfinished (no live process holds them): each is
 * taken over and cancelled, so its card closes as interrupted and its call never runs.
 */
async function closeLeftCards(runtime: AgentRuntime): Promise<string[]> {
  const owner = gatewayStarter.id as string
  const closed: string[] = []
  let cursor: string | undefined
  do {
    const page = await runtime.listRuns({ owner, limit: 100, ...(cursor && { cursor }) })
    for (const run of page.runs) {
      if (isEnded(run.status)) continue
      await runtime.open(run.runId).catch(() => undefined)
      // Held by another gateway still running: its own to answer.
      if (!runtime.runIds().includes(run.runId)) continue
      await runtime.cancel(run.runId, interruptedReason).catch(() => undefined)
      closed.push(run.runId)
    }
    cursor = page.nextCursor
  } while (cursor !== undefined)
  await runtime.flush()
  for (const runId of closed) {
    try {
      runtime.release(runId)
    } catch {
      // Still ending: it is let go with the runtime.
    }
  }
  return closed
}
