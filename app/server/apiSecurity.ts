import { defaultAppPort } from '../appPorts.ts'
import type { Refusal } from './apiOperations.ts'
import { bodyRefusals, commonRefusals } from './apiOperations.ts'
import { cookieNames } from './auth/cookies.ts'
import { tokenHeader } from './requestGuard.ts'

/** What the API reference says about the server that serves it: hosted, and how people sign in. */
export interface ApiHosting {
  publicOrigin: string
  auth: 'oidc' | 'proxy'
  /** People sign in from the browser and carry a session cookie (with the page's CSRF token). */
  browserSignIn: boolean
}

/** The parts of the reference that depend on how the server is reached and who may call it. */
export interface ApiSecurity {
  description: string
  servers: { url: string; variables?: Record<string, { default: string }> }[]
  security: Record<string, string[]>[]
  /** Of the event streams, which EventSource opens without custom headers. */
  streamSecurity: Record<string, string[]>[]
  schemes: Record<string, Record<string, unknown>>
  common: Refusal[]
  body: Refusal[]
}

const errorShape = 'Refusals are `{ "error": { "code", "message", "file"? } }`.'

/** The single-user app's: loopback, the per-launch token. */
function local(): ApiSecurity {
  return {
    description: `The JSON API of the StudyPulse app server (\`npm start\`), on 127.0.0.1 only. Every request carries the per-launch token; every POST also the page’s own Origin. ${errorShape}`,
    servers: [
      { url: 'http://127.0.0.1:{port}', variables: { port: { default: String(defaultAppPort) } } },
    ],
    security: [{ token: [] }],
    streamSecurity: [{ token: [] }, { tokenQuery: [] }],
    schemes: {
      token: {
        type: 'apiKey',
        in: 'header',
        name: tokenHeader,
        description: 'The per-launch token the server prints and puts into the page it serves.',
      },
      tokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
    },
    common: commonRefusals,
    body: bodyRefusals,
  }
}

/** A hosted app's: its public origin, bearer tokens or the proxy, and the browser session. */
function hosted(h: ApiHosting): ApiSecurity {
  const session = cookieNames(h.publicOrigin).session
  const schemes: Record<string, Record<string, unknown>> = h.auth === 'oidc'
    ? {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "An access token of the app's OpenID Connect issuer (`aud` this app).",
        },
      }
    : {
        proxy: {
          type: 'apiKey',
          in: 'header',
          name: 'x-forwarded-user',
          description:
            'Set by the authenticating proxy in front of the app; taken only from its addresses.',
        },
      }
  if (h.browserSignIn) {
    schemes.session = {
      type: 'apiKey',
      in: 'cookie',
      name: session,
      description: 'The browser session `/auth/login` starts (HttpOnly; the page never sees it).',
    }
    schemes.csrf = {
      type: 'apiKey',
      in: 'header',
      name: tokenHeader,
      description:
        'With the session cookie on every POST: the CSRF token of the page the session was served.',
    }
  }
  const primary = h.auth === 'oidc' ? 'bearer' : 'proxy'
  const common: Refusal[] = [
    { status: 403, code: 'forbidden_host', when: `Host is not ${new URL(h.publicOrigin).host}` },
    {
      status: 401,
      code: 'unauthenticated',
      when:
        h.auth === 'oidc'
          ? `no valid bearer token${h.browserSignIn ? ' nor session cookie (sign in at /auth/login)' : ''}`
          : 'not through the signing-in proxy',
    },
    ...(h.browserSignIn
      ? [
          {
            status: 401,
            code: 'session_expired',
            when: 'the session ended or expired: sign in again',
          },
        ]
      : []),
    ...(h.auth === 'oidc'
      ? [{ status: 503, code: 'auth_unavailable', when: "the issuer's keys cannot be read now" }]
      : []),
    ...commonRefusals.filter(
      (r) => !['forbidden_host', 'invalid_token', 'unauthenticated'].includes(r.code),
    ),
  ]
  const body: Refusal[] = [
    {
      status: 403,
      code: 'forbidden_origin',
      when: `Origin is not ${h.publicOrigin} (or an allowed origin), or the request is cross-site`,
    },
    ...(h.browserSignIn
      ? [
          {
            status: 403,
            code: 'csrf_refused',
            when: "a POST with the session cookie lacks the page's token",
          },
        ]
      : []),
    ...bodyRefusals.filter((r) => r.code !== 'forbidden_origin'),
  ]
  const security = [{ [primary]: [] }, ...(h.browserSignIn ? [{ session: [], csrf: [] }] : [])]
  return {
    description: `The JSON API of a hosted StudyPulse app at ${h.publicOrigin}. People are signed in (${
      h.auth === 'oidc' ? 'OpenID Connect bearer tokens' : 'by the authenticating proxy'
    }${h.browserSignIn ? ', or the browser session of /auth/login' : ''}); each person's runs are theirs. Every POST carries the public origin as Origin. ${errorShape}`,
    servers: [{ url: h.publicOrigin }],
    security,
    // An event stream is a GET: the session cookie alone opens it (no CSRF token needed).
    streamSecurity: [{ [primary]: [] }, ...(h.browserSignIn ? [{ session: [] }] : [])],
    schemes,
    common,
    body,
  }
}

/** The security part of the reference for the server described (the single-user app without `h`). */
export function apiSecurity(h?: ApiHosting): ApiSecurity {
  return h === undefined ? local() : hosted(h)
}
