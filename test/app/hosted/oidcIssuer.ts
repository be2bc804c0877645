import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose'
import Provider from 'oidc-provider'

/** A person the test issuer knows: the login of its dev sign-in form is their id. */
export interface IssuerPerson {
  name: string
  groups: string[]
}

/** A real OpenID Connect issuer (panva's oidc-provider, dev interactions) on 127.0.0.1. */
export interface TestIssuer {
  url: string
  clientId: string
  clientSecret: string
  /** Rewrites the next ID tokens the token endpoint answers (signed again with the issuer's key). */
  tamper?: (claims: JWTPayload) => JWTPayload
  /** How many times the token endpoint was asked (code and refresh grants). */
  tokenRequests: number
  /** Whether the issuer gives refresh tokens now (a test may change it between sign-ins). */
  refreshTokens: boolean
  close(): Promise<void>
}

/** What the issuer is started with: the app's redirect URIs, the people, token lifetimes. */
export interface TestIssuerOptions {
  /** The public origins of the apps that sign in with it (each gets its callback registered). */
  appOrigins: readonly string[]
  people: Record<string, IssuerPerson>
  /** Seconds an access and ID token live (default an hour). */
  tokenSeconds?: number
  /** Whether the issuer gives refresh tokens (default false). */
  refreshTokens?: boolean
}

/**
 * Starts panva's oidc-provider in this process with one confidential client `studypulse`: the
 * code flow with PKCE required, RP-initiated logout, the people's `name` and `groups` in the ID
 * token. Its dev interactions are a login form (any password) and a consent form.
 */
export async function startIssuer(options: TestIssuerOptions): Promise<TestIssuer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end()
  const server = createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'issuer-key', alg: 'RS256', use: 'sig' }
  const seconds = options.tokenSeconds ?? 3600
  const provider = new Provider(url, {
    clients: [
      {
        client_id: 'studypulse',
        client_secret: 'studypulse-test-secret-0123456789',
        redirect_uris: options.appOrigins.map((o) => `${o}/auth/callback`),
        post_logout_redirect_uris: options.appOrigins.map((o) => `${o}/signed-out`),
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-issuer-cookie-key-0123456789'] },
    claims: { openid: ['sub'], profile: ['name', 'groups'], email: ['email'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AccessToken: seconds, IdToken: seconds },
    issueRefreshToken: async () => issuer.refreshTokens,
    findAccount: async (_ctx, id) => {
      const person = options.people[id]
      if (person === undefined) return undefined
      return { accountId: id, claims: async () => ({ sub: id, ...person }) }
    },
  })
  const issuer: TestIssuer = {
    url,
    clientId: 'studypulse',
    clientSecret: 'studypulse-test-secret-0123456789',
    tokenRequests: 0,
    refreshTokens: options.refreshTokens === true,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  // The tests' man in the middle: an ID token the issuer really signed, with claims changed.
  provider.use(async (ctx, next) => {
    await next()
    if (ctx.path !== '/token') return
    issuer.tokenRequests++
    const body = ctx.body as { id_token?: string } | undefined
    if (issuer.tamper === undefined || typeof body?.id_token !== 'string') return
    const claims = issuer.tamper(decodeJwt(body.id_token))
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'issuer-key' })
      .sign(privateKey)
  })
  handler = provider.callback()
  return issuer
}
