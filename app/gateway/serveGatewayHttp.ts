import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type RequestId,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'
import type { SignedIn } from '../server/auth/Authenticator.ts'
import { HttpError } from '../server/HttpError.ts'
import {
  checkListenHost,
  type HostedAccess,
  type HostedOptions,
  hostedAccess,
} from '../server/hostedMode.ts'
import { fastHttpRead } from './fastHttpRead.ts'
import type { Gateway } from './Gateway.ts'
import { createGatewayServer } from './gatewayServer.ts'
import { createModernGatewayServer } from './modernGatewayServer.ts'
import { ModernListens } from './modernListens.ts'
import { sendWebResponse } from './sendWebResponse.ts'
import { personOf, serveModern, webRequest } from './serveModern.ts'

/** The gateway served over Streamable HTTP. */
export interface GatewayHttp {
  /** `http://127.0.0.1:<port>/mcp`: where it listens (not the public origin). */
  readonly url: string
  close(): Promise<void>
}

/** Where and how the gateway is served over HTTP. */
export interface GatewayHttpOptions {
  /** The address to listen on; beyond loopback only with hosted sign-in (default 127.0.0.1). */
  host?: string
  /**
   * The app's hosted mode (`hostingFromEnv`): with `auth`, every request must carry a signed-in
   * identity (a bearer token the issuer signed, or the sign-in proxy's headers from its address),
   * and the caller's identity starts the run and answers its questions.
   */
  hosted?: HostedOptions
}

/** The largest request body read. */
const maxBody = 4 * 1024 * 1024

/** One MCP session and the person who opened it (hosted mode): only they may use it. */
interface Session {
  transport: WebStandardStreamableHTTPServerTransport
  person?: SignedIn
  /** The session's calls whose asker still waits on their POST's response, by request id. */
  asking: Map<RequestId, AbortController>
}

/**
 * Serves the gateway over Streamable HTTP at `/mcp`, one MCP session per client. Without hosted
 * sign-in it listens on loopback only, with the SDK's DNS rebinding protection (a page on another
 * site cannot reach it through the person's browser). With it, the app's hosted access checks
 * every request (Host, Origin when a browser sends one, the signed-in identity: 401 otherwise),
 * and a session is used only by the person who opened it.
 */
export async function serveGatewayHttp(
  gateway: Gateway,
  port: number,
  options: GatewayHttpOptions = {},
): Promise<GatewayHttp> {
  const host = options.host ?? '127.0.0.1'
  const access = options.hosted === undefined ? undefined : hostedAccess(options.hosted)
  checkListenHost(host, access !== undefined)
  const sessions = new Map<string, Session>()
  // The 2026-07-28 face: one v2 server per request, bound to who sends it (hosted: the person).
  const modern = createMcpHandler(
    ({ authInfo }) => {
      const person = personOf(authInfo)
      return createModernGatewayServer(gateway, {
        principal: person === undefined ? 'loopback' : `person:${person.id}`,
        ...(person !== undefined && { person }),
      })
    },
    { legacy: 'reject' },
  )
  // Upstream changes reach 2026-07-28 clients on their `subscriptions/listen` streams.
  const stopChanges = [
    gateway.onToolsChanged(() => modern.notify.toolsChanged()),
    gateway.catalog.onNotification((notification) => {
      const { method } = notification
      if (method === 'notifications/resources/list_changed') modern.notify.resourcesChanged()
      if (method === 'notifications/prompts/list_changed') modern.notify.promptsChanged()
      if (method === 'notifications/resources/updated')
        modern.notify.resourceUpdated(notification.params.uri)
    }),
  ]
  const listens = new ModernListens(gateway.catalog.subscriptions)
  let allowedHosts: string[] = []
  const http: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return
      if (error instanceof HttpError) return reply(res, error.status, error.message, error.headers)
      reply(res, 500, String(error))
    })
  })
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path !== '/mcp') return reply(res, 404, 'the MCP endpoint is /mcp')
    const person = access === undefined ? undefined : await signedIn(access, req)
    const id = req.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    // Another person's session is no session of theirs (its id is not proof of anything).
    const own = known !== undefined && known.person?.id === person?.id ? known : undefined
    if (req.method !== 'POST') {
      if (own === undefined) return reply(res, 400, 'no such MCP session')
      return inSession(own.transport, webRequest(req, undefined), undefined, res)
    }
    const body = await readJson(req)
    if (body === invalid) return reply(res, 400, 'the body is not JSON (or over 4 MiB)')
    // A request in a live session of the caller's is 2025-11-25 (the 2026-07-28 revision has no
    // sessions): it goes to its session without being classified, its body already parsed.
    if (own !== undefined) {
      const hostAllowed = access !== undefined || allowedHosts.includes(req.headers.host ?? '')
      if (fastHttpRead(gateway, { id: id as string, hostAllowed }, req, body, res)) return
      watchAskers(own.asking, body, res)
      return inSession(own.transport, webRequest(req, undefined), body, res)
    }
    // A 2026-07-28 request (its `_meta` names the revision): stateless, no session to find.
    const web = webRequest(req, body)
    if (!(await isLegacyRequest(web, body))) {
      if (access === undefined && !allowedHosts.includes(req.headers.host ?? '')) {
        return reply(res, 403, 'the Host header is not this gateway (DNS rebinding protection)')
      }
      // A browser sends JSON cross-site only after a preflight, which is refused.
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
        return reply(res, 415, 'an MCP request is application/json')
      }
      return serveModern(modern, web, body, res, person, listens)
    }
    if (id !== undefined || !isInitializeRequest(body)) {
      return reply(res, 404, 'no such MCP session: initialize first')
    }
    const asking = new Map<RequestId, AbortController>()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      // Hosted, the hosted guard has checked Host against the public origin already.
      enableDnsRebindingProtection: access === undefined,
      allowedHosts,
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, asking, ...(person !== undefined && { person }) })
      },
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId)
      },
    })
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
    }
    const server = createGatewayServer(gateway, {
      ...(person !== undefined && { person }),
      askerGone: (requestId) => asking.get(requestId)?.signal,
    })
    await server.connect(transport)
    await inSession(transport, web, body, res)
  }
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, host, () => resolve())
  })
  const bound = (http.address() as AddressInfo).port
  allowedHosts = [`127.0.0.1:${bound}`, `localhost:${bound}`]
  // Listening on every address, it is reached on loopback too.
  const reach = ['0.0.0.0', '::'].includes(host)
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host
  return {
    url: `http://${reach}:${bound}/mcp`,
    async close() {
      for (const stop of stopChanges) stop()
      await modern.close().catch(() => {})
      await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(() => {})))
      sessions.clear()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}

/** One request of a 2025-11-25 session, answered by its transport (JSON, or an SSE stream) on `res`. */
async function inSession(
  transport: WebStandardStreamableHTTPServerTransport,
  request: Request,
  body: unknown,
  res: ServerResponse,
): Promise<void> {
  const response = await transport.handleRequest(
    request,
    body === undefined ? {} : { parsedBody: body },
  )
  await sendWebResponse(response, res)
}

/**
 * Who sends `req`, as the app's hosted access checks it: Host is the public origin's; an Origin,
 * which only a browser sends, must be the public origin; a POST must be JSON (a browser sends
 * that cross-site only after a preflight, which is refused); then the identity (401 otherwise).
 */
async function signedIn(access: HostedAccess, req: IncomingMessage): Promise<SignedIn> {
  access.guard.checkHost(req)
  if (req.headers.origin !== undefined) access.guard.checkOrigin(req)
  const type = req.headers['content-type'] ?? ''
  if (req.method === 'POST' && !/^application\/json\b/i.test(type))
    throw new HttpError(415, 'unsupported_media_type', 'an MCP request is application/json')
  return access.authenticate(req)
}

/**
 * Watches the response of a POST carrying `tools/call` requests: it stays open until the call
 * is answered, so its closing first (the client gave up, was killed, lost its connection) says
 * the asker is gone, and the call's signal is aborted (its card closes as `asker_gone`).
 */
function watchAskers(
  asking: Map<RequestId, AbortController>,
  body: unknown,
  res: ServerResponse,
): void {
  const messages = Array.isArray(body) ? body : [body]
  const ids = messages.flatMap((message) => {
    const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown }
    return method === 'tools/call' && (typeof id === 'string' || typeof id === 'number') ? [id] : []
  })
  if (ids.length === 0) return
  const controllers = ids.map((id) => {
    const controller = new AbortController()
    asking.set(id, controller)
    return [id, controller] as const
  })
  res.once('close', () => {
    for (const [id, controller] of controllers) {
      if (!res.writableFinished) controller.abort(new Error('the asker closed its connection'))
      if (asking.get(id) === controller) asking.delete(id)
    }
  })
}

const invalid = Symbol('invalid')

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBody) return invalid
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return invalid
  }
}

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))
}
