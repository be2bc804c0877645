import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AgentRuntime } from '../../machines/createAgentRuntime.ts'
import { toHttpError } from './agentErrorStatus.ts'
import { type AppLimits, defaultAppLimits } from './appLimits.ts'
import { HttpError } from './HttpError.ts'
import { type ReaperTimers, startIdleRunReaper } from './idleRunReaper.ts'
import { type McpServersView, mcpRoutes } from './mcpRoutes.ts'
import { policyRoutes } from './policyRoutes.ts'
import { releaseEndedRuns } from './releaseEndedRuns.ts'
import { createRequestGuard } from './requestGuard.ts'
import { matchRoute, type Route } from './router.ts'
import { runRoutes } from './runRoutes.ts'
import { sendJson } from './sendJson.ts'
import { serveStatic } from './serveStatic.ts'
import { workspaceRoutes } from './workspaceRoutes.ts'

/** What the app server is built from. */
export interface AppServerOptions {
  runtime: AgentRuntime
  /** The folder holding the built page (`index.html` and `assets/`). */
  distDir: string
  /** The notebook new runs see. */
  notebookId?: string
  /** 0 picks a free port. */
  port?: number
  /** The per-launch token; random by default (tests may fix it). */
  token?: string
  /** The MCP servers whose tools the runtime offers, for the side panel. */
  mcp?: McpServersView
  /** Bounds on work; each one not given takes its default (`defaultAppLimits`). */
  limits?: Partial<AppLimits>
  /** Time for the idle-run reaper (tests pass fake timers); real time by default. */
  clock?: { now: () => number; timers: ReaperTimers }
}

/** A running app server. */
export interface AppServer {
  url: string
  port: number
  token: string
  close(): Promise<void>
}

/** Starts the local web app on 127.0.0.1: the page, the JSON API and the run event streams. */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const token = options.token ?? randomBytes(32).toString('base64url')
  const limits: AppLimits = { ...defaultAppLimits, ...options.limits }
  const app = {
    runtime: options.runtime,
    ...(options.notebookId !== undefined && { notebookId: options.notebookId }),
    limits,
    streams: { open: 0 },
  }
  const routes: Route[] = [
    ...runRoutes(app),
    ...policyRoutes(app),
    ...workspaceRoutes(app, options.runtime.model.name),
    ...mcpRoutes(options.mcp),
  ]
  let port = options.port ?? 0
  const guard = createRequestGuard(() => port, token)

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    guard.checkHost(req)
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    if (!url.pathname.startsWith('/api/')) {
      if (method !== 'GET' && method !== 'HEAD')
        throw new HttpError(405, 'method_not_allowed', `${method} is not allowed here`)
      return serveStatic(res, options.distDir, url.pathname, token, method === 'HEAD')
    }
    const { route, params, pathMatched } = matchRoute(routes, method, url.pathname)
    if (route === undefined) {
      throw pathMatched
        ? new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`)
        : new HttpError(404, 'not_found', `no API at ${url.pathname}`)
    }
    if (route.method === 'POST') guard.checkOrigin(req)
    // EventSource cannot send headers, so the event stream also takes the token as `?token=`.
    guard.checkToken(req, url, { allowQuery: url.pathname.endsWith('/events') })
    await route.handler({ req, res, url, params })
  }

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      // Only receiving the request: the event stream's long response is not cut by it.
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1000, limits.headersTimeoutMs / 4)),
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        const mapped = toHttpError(error)
        const refusal =
          mapped instanceof HttpError
            ? mapped
            : new HttpError(500, 'internal_error', 'the server could not handle this request')
        if (!(mapped instanceof HttpError)) console.error(error)
        // An unread body must not be taken as the next request on this connection.
        if (!req.complete) res.setHeader('connection', 'close')
        const { code, message, file } = refusal
        sendJson(res, refusal.status, {
          error: { code, message, ...(file !== undefined && { file }) },
        })
      })
    },
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  const stopReaper =
    limits.idleRunMs > 0
      ? startIdleRunReaper({
          runtime: options.runtime,
          idleMs: limits.idleRunMs,
          ...(options.clock !== undefined && options.clock),
        })
      : () => {}
  const stopReleasing = releaseEndedRuns(options.runtime, limits.keepEndedRuns)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        stopReaper()
        stopReleasing()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
