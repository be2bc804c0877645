import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

/** What the command line asks for. */
export type GatewayCommand =
  | { kind: 'help' }
  | {
      kind: 'serve'
      configPath: string
      workspace: string
      askTimeoutMs: number
      /** Serve Streamable HTTP on this port (0: any free one) instead of stdio. */
      httpPort?: number
      /** The address to listen on over HTTP (beyond loopback only with hosted sign-in). */
      host?: string
      /** The StudyPulse web app's origin on the same workspace: hosts that open URLs get the card's page. */
      pageUrl?: string
      /** Serve the card page for the workspace on this port of 127.0.0.1 (0: any free one). */
      pagePort?: number
      /** The origin people's hosts reach the gateway at (hosted mode), over STUDYPULSE_PUBLIC_ORIGIN. */
      publicOrigin?: string
      /** Offer the one fronted server's tools, prompts and resources under its own names. */
      passNames?: boolean
    }
  | { kind: 'invalid'; message: string }

/** The workspace folder used when `--workspace` is not given. */
export function defaultGatewayWorkspace(): string {
  return join(homedir(), '.studypulse', 'workspace')
}

/** How long a card waits unless `--ask-timeout` says otherwise. */
export const defaultAskTimeoutMs = 10 * 60 * 1000

/** `studypulse-gateway --help`. */
export function gatewayHelp(): string {
  return `studypulse-gateway: StudyPulse as an MCP server in front of other MCP servers.
Every call that is not a read waits for a person to allow or deny it: in the host (an
elicitation form, where the host supports it) or on StudyPulse's page (npm start on the
same workspace folder, or --page).

Usage: studypulse-gateway --config <mcp.json> [options]

  --config <file>          the mcp.json naming the servers to put StudyPulse in front of
                           (the format of StudyPulse's own mcp.json: servers, trusted,
                           per-tool levels, timeouts)
  --workspace <folder>     where the cards, rules and audit live (studypulse.db there);
                           default: ${defaultGatewayWorkspace()}
  --ask-timeout <duration> how long a card waits for a person, e.g. 90s, 10m, 1h; after it
                           the call ends as confirmation_expired (default: 10m)
  --http <port>            serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of
                           stdio (0: any free port, printed on stderr)
  --host <address>         with --http: the address to listen on (default STUDYPULSE_HOST,
                           else 127.0.0.1); beyond loopback only with hosted sign-in
  --public-origin <origin> with --http and hosted sign-in: the origin hosts reach the gateway
                           at (default STUDYPULSE_PUBLIC_ORIGIN)
  --page <port>            serve StudyPulse's page for this workspace's cards at
                           http://127.0.0.1:<port>/ (0: any free port, printed on stderr):
                           a host that opens URLs is sent the card's page there, and a host
                           that cannot ask at all leaves its cards there for you to decide
  --page-url <origin>      the origin of the StudyPulse web app running on the same workspace
                           (e.g. http://127.0.0.1:4317): a host that opens URLs (URL-mode
                           elicitation) is sent the card's page there instead of a form
  --pass-names             with exactly one server in mcp.json: offer its tools, prompts and
                           resources under the server's own names (no <server>__ prefix, URIs
                           as the server gives them)
  --help                   this text

Hosted sign-in (--http only), from the environment the StudyPulse app reads:
  STUDYPULSE_AUTH_MODE=oidc with STUDYPULSE_AUTH_ISSUER and STUDYPULSE_AUTH_AUDIENCE (every
  request carries Authorization: Bearer <token>, verified against the issuer's keys), or
  STUDYPULSE_AUTH_MODE=proxy with STUDYPULSE_TRUSTED_PROXIES (the sign-in proxy's headers);
  STUDYPULSE_APPROVAL_RULES=<file>: who may approve which cards (four eyes, quorum). A call is
  the signed-in person's run; their answer in the host counts only as far as the rules allow,
  otherwise the card waits for an approver on StudyPulse's page.

If the gateway stops while a card waits, that card is closed as interrupted: its call is
never made later.`
}

/** Reads the command line (without `node` and the script). */
export function parseGatewayArgs(argv: readonly string[]): GatewayCommand {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        config: { type: 'string' },
        workspace: { type: 'string' },
        'ask-timeout': { type: 'string' },
        http: { type: 'string' },
        host: { type: 'string' },
        'public-origin': { type: 'string' },
        'page-url': { type: 'string' },
        page: { type: 'string' },
        'pass-names': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    return { kind: 'invalid', message: (error as Error).message }
  }
  if (values.help === true) return { kind: 'help' }
  const configPath = values.config
  if (typeof configPath !== 'string' || configPath === '') {
    return { kind: 'invalid', message: '--config <mcp.json> is required' }
  }
  const timeout = values['ask-timeout']
  const askTimeoutMs = typeof timeout === 'string' ? parseDuration(timeout) : defaultAskTimeoutMs
  if (askTimeoutMs === undefined) {
    return {
      kind: 'invalid',
      message: `--ask-timeout must be a duration such as 90s, 10m or 1h, not "${String(timeout)}"`,
    }
  }
  if (
    (values.host !== undefined || values['public-origin'] !== undefined) &&
    values.http === undefined
  )
    return { kind: 'invalid', message: '--host and --public-origin are for --http' }
  const pageUrl = values['page-url']
  if (pageUrl !== undefined && !isOrigin(String(pageUrl)))
    return {
      kind: 'invalid',
      message: `--page-url is the web app's origin, such as http://127.0.0.1:4317, not "${String(pageUrl)}"`,
    }
  if (pageUrl !== undefined && values.page !== undefined)
    return {
      kind: 'invalid',
      message: '--page serves the page itself, --page-url names one running elsewhere: give one',
    }
  const httpPort = portOf(values.http)
  if (httpPort === null)
    return { kind: 'invalid', message: `--http must be a port number, not "${values.http}"` }
  const pagePort = portOf(values.page)
  if (pagePort === null)
    return { kind: 'invalid', message: `--page must be a port number, not "${values.page}"` }
  return {
    kind: 'serve',
    configPath,
    workspace:
      typeof values.workspace === 'string' && values.workspace !== ''
        ? values.workspace
        : defaultGatewayWorkspace(),
    askTimeoutMs,
    ...(httpPort !== undefined && { httpPort }),
    ...(typeof pageUrl === 'string' && { pageUrl: new URL(pageUrl).origin }),
    ...(pagePort !== undefined && { pagePort }),
    ...(values['pass-names'] === true && { passNames: true }),
    ...(typeof values.host === 'string' && values.host !== '' && { host: values.host }),
    ...(typeof values['public-origin'] === 'string' &&
      values['public-origin'] !== '' && { publicOrigin: values['public-origin'] }),
  }
}

// A port number given as an option; null when it is not one.
function portOf(value: string | boolean | undefined): number | undefined | null {
  if (typeof value !== 'string') return undefined
  const port = Number(value)
  return /^\d+$/.test(value) && port <= 65_535 ? port : null
}

// An http(s) origin, nothing after it (a trailing slash is let be).
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === text.replace(/\/$/, '')
    )
  } catch {
    return false
  }
}

const units = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const

/** `90s`, `10m`, `1h`, `500ms` (a bare number is seconds) in ms; undefined if it is none of these. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim())
  if (match === null) return undefined
  const ms = Number(match[1]) * units[(match[2] ?? 's') as keyof typeof units]
  return ms > 0 && ms <= 7 * 24 * 3_600_000 ? Math.round(ms) : undefined
}
