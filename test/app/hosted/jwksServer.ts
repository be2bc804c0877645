import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose'

/** A signing key of the test's issuer, with the `kid` its JWKS names it by. */
export interface IssuerKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

/** An OpenID Connect issuer's key set, served on 127.0.0.1 by the test: keys can be rotated. */
export interface JwksServer {
  url: string
  /** The keys the JWKS publishes now (replace them to rotate). */
  published: IssuerKey[]
  /** How often the JWKS was fetched. */
  fetches: number
  close(): Promise<void>
}

/** A new RS256 key pair made by `jose`. */
export async function issuerKey(kid: string): Promise<IssuerKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  }
}

/** Serves `keys` as a JWKS at `/jwks` on 127.0.0.1. */
export async function serveJwks(keys: IssuerKey[]): Promise<JwksServer> {
  const state: JwksServer = { url: '', published: keys, fetches: 0, close: async () => {} }
  const server = createServer((req, res) => {
    if (req.url !== '/jwks') {
      res.writeHead(404).end()
      return
    }
    state.fetches++
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: state.published.map((key) => key.publicJwk) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return state
}

/** A token signed by `key` with the claims given (iat now unless given). */
export function signToken(key: IssuerKey, claims: JWTPayload): Promise<string> {
  return new SignJWT({ iat: Math.floor(Date.now() / 1000), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey)
}
