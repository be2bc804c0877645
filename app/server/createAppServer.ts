import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { AppContext } from './AppContext.ts'
import { toHttpError } from './agentErrorStatus.ts'
import type { ApiHosting } from './apiSecurity.ts'
import { type AppLimits, defaultAppLimits } from './appLimits.ts'
import { cardFormRoutes } from './cardFormRoutes.ts'
import { cardRoutes } from './cardRoutes.ts'
import { chatRoutes } from './chatRoutes.ts'
import { HttpError } from './HttpError.ts'
import { checkListenHost, type HostedOptions, hostedAccess } from './hostedMode.ts'
import { type ReaperTimers, startIdleRunReaper } from './idleRunReaper.ts'
import { type McpServersView, mcpRoutes } from './mcpRoutes.ts'
import { meRoutes } from './meRoutes.ts'
import { openApiRoutes } from './openApiRoutes.ts'
import { oneWorkspace, type PersonWorkspaces } from './PersonWorkspaces.ts'
import { pageSignIn } from './pageSignIn.ts'
import type { PasskeyRelyingParty } from './passkeys/PasskeyRelyingParty.ts'
import { passkeyRoutes } from './passkeys/passkeyRoutes.ts'
import { policyRoutes } from './policyRoutes.ts'
import { releaseEndedRuns } from './releaseEndedRuns.ts'
import { createRequestGuard } from './requestGuard.ts'
import { matchRoute, type Route } from './router.ts'
import { runRoutes } from './runRoutes.ts'
import { sendJson } from './sendJson.ts'
import { serveStatic } from './serveStatic.ts'
import { workspaceRoutes } from './workspaceRoutes.ts'

/**
 * What the app's request handler is built from. Without `auth` it is the single-user app (one
 * launch token, loopback Host and Origin only); with `auth` and `publicOrigin` it is hosted:
 * people sign in, and each person's runs are theirs.
 */
export interface AppHandlerOptions extends HostedOptions {
  runtime: AgentRuntime
  /** The folder holding the built page (`index.html` and `assets/`); without it only `/api/` answers. */
  distDir?: string
  /** The notebook new runs see. */
  notebookId?: string
  /**
   * Each person's study workspace (hosted mode; give the runtime the same as its `workspaceFor`);
   * default the runtime's workspace with `notebookId` for everyone.
   */
  workspaces?: PersonWorkspaces
  /** The per-launch token; random by default. Fix it only to share it with a dev server you run. */
  token?: string
  /**
   * Exact origins besides the app's own that may call the API, e.g. a Vite dev server
   * (`['http://localhost:5173']`). Never `*`: each one can decide cards. Default none.
   */
  allowedOrigins?: readonly string[]
  /** The MCP servers whose tools the runtime offers, for the side panel. */
  mcp?: McpServersView
  /** Bounds on work; each one not given takes its default (`defaultAppLimits`). */
  limits?: Partial<AppLimits>
  /** Time for the idle-run reaper (tests pass fake timers); real time by default. */
  clock?: { now: () => number; timers: ReaperTimers }
  /**
   * The app as a passkey relying party (`passkeyRelyingParty(store.passkeys, publicOrigin)`):
   * people register passkeys and sign the cards whose approval rule requires it. Give the runtime
   * `passkeySignedApprovals` over the same party.
   */
  passkeys?: PasskeyRelyingParty
}

/** What the app server is built from. */
export interface AppServerOptions extends AppHandlerOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** The address to listen on (default `127.0.0.1`); beyond loopback only with `auth`. */
  host?: string
}

/**
 * The app as a Node request handler, for a server you create: on 127.0.0.1 for the single-user
 * app, anywhere in hosted mode (`auth` and `publicOrigin`).
 */
export interface AppHandler {
  (req: IncomingMessage, res: ServerResponse): void
  /** The token API requests must carry (and the page gets in place of `__STUDYPULSE_TOKEN__`). */
  readonly token: string
  /** Stops the idle-run reaper and the release of ended runs; call it when your server closes. */
  close(): void
}

/** A running app server. */
export interface AppServer {
  url: string
  port: number
  token: string
  close(): Promise<void>
}

/** The page, the JSON API and the run event streams as one Node request handler. */
export function createAppHandler(options: AppHandlerOptions): AppHandler {
  const token = options.token ?? randomBytes(32).toString('base64url')
  const limits: AppLimits = { ...defaultAppLimits, ...options.limits }
  const hosted = hostedAccess(options)
  const app: AppContext = {
    runtime: options.runtime,
    workspaces: options.workspaces ?? oneWorkspace(options.runtime.workspace, options.notebookId),
    hosted: hosted !== undefined,
    limits,
    streams: new Map(),
    ...(options.passkeys !== undefined && { passkeys: options.passkeys }),
  }
  const routes = appRoutes(
    app,
    options.mcp,
    hosted && {
      publicOrigin: hosted.publicOrigin,
      auth: hosted.authenticator.kind,
      browserSignIn: options.signIn !== undefined && hosted.authenticator.kind === 'oidc',
    },
  )
  const guard = hosted?.guard ?? createRequestGuard(token, options.allowedOrigins)
  // A hosted page carries no secret: who is asking is what authentication says.
  const pageToken = hosted === undefined ? token : 'hosted'
  const signIn = pageSignIn(options, hosted)

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    guard.checkHost(req)
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
    if (!url.pathname.startsWith('/api/')) {
      // Sign-out is the one state-changing page path: the API's Origin check holds for it too.
      if (signIn !== undefined && method === 'POST') guard.checkOrigin(req)
      if (signIn !== undefined && (await signIn.handle(req, res, url))) return
      if (method !== 'GET' && method !== 'HEAD')
        throw new HttpError(405, 'method_not_allowed', `${method} is not allowed here`)
      if (options.distDir === undefined) throw new HttpError(404, 'not_found', 'no page here')
      // With browser sign-in the page carries its session's CSRF token (or is a 302 to sign in).
      const page =
        signIn === undefined
          ? { pageToken, pathname: url.pathname }
          : await signIn.page(req, res, url)
      if (page === undefined) return
      return serveStatic(res, options.distDir, page.pathname, page.pageToken, method === 'HEAD')
    }
    if (guard.shareWithOrigin(req, res)) return
    const { route, params, pathMatched } = matchRoute(routes, method, url.pathname)
    if (route === undefined) {
      throw pathMatched
        ? new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`)
        : new HttpError(404, 'not_found', `no API at ${url.pathname}`)
    }
    if (route.method === 'POST') guard.checkOrigin(req)
    if (hosted !== undefined) {
      // Before anything of the request is read: an unauthenticated one changes nothing.
      const me = (await signIn?.authenticate(req, route.method)) ?? (await hosted.authenticate(req))
      return route.handler({ req, res, url, params, me })
    }
    // EventSource cannot send headers, so the event streams also take the token as `?token=`.
    const stream =
      url.pathname.endsWith('/events') || /^\/api\/chat\/[^/]+\/stream$/.test(url.pathname)
    guard.checkToken(req, url, { allowQuery: stream })
    await route.handler({ req, res, url, params })
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
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
      sendJson(
        res,
        refusal.status,
        { error: { code, message, ...(file !== undefined && { file }) } },
        refusal.headers,
      )
    })
  }
  const stopReaper =
    limits.idleRunMs > 0
      ? startIdleRunReaper({
          runtime: options.runtime,
          idleMs: limits.idleRunMs,
          ...(options.clock !== undefined && options.clock),
        })
      : () => {}
  const stopReleasing = releaseEndedRuns(options.runtime, limits.keepEndedRuns)
  return Object.assign(handler, {
    token,
    close: () => {
      stopReaper()
      stopReleasing()
    },
  })
}

/** Every route of the API (`/api/openapi.json` describes exactly these). */
export function appRoutes(app: AppContext, mcp?: McpServersView, hosting?: ApiHosting): Route[] {
  return [
    ...runRoutes(app),
    ...cardRoutes(app),
    ...cardFormRoutes(app),
    ...chatRoutes(app),
    ...meRoutes(app),
    ...policyRoutes(app),
    ...workspaceRoutes(app, app.runtime.model.name),
    ...mcpRoutes(mcp),
    ...openApiRoutes(hosting),
    ...passkeyRoutes(app),
  ]
}

/**
 * Starts the web app: the page (when `distDir` is given), the JSON API and the run event streams,
 * on 127.0.0.1 by default. It refuses to listen beyond loopback unless people must sign in.
 */
export async function createAppServer(options: AppServerOptions): Promise<AppServer> {
  const limits: AppLimits = { ...defaultAppLimits, ...options.limits }
  const host = options.host ?? '127.0.0.1'
  checkListenHost(host, options.auth !== undefined)
  const handler = createAppHandler(options)
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      // Only receiving the request: the event stream's long response is not cut by it.
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1000, limits.headersTimeoutMs / 4)),
    },
    handler,
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    token: handler.token,
    close: () =>
      new Promise<void>((resolve) => {
        handler.close()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
