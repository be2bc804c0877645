import { createHash, randomBytes } from 'node:crypto'
import type { TestIssuer } from '../hosted/oidcIssuer.ts'
import { ScriptedBrowser } from '../hosted/scriptedBrowser.ts'

/**
 * A real token for `login` from the test's oidc-provider: the code flow with PKCE as a client
 * registered at `appOrigin` runs it (the issuer's login and consent forms filled in), then the
 * code is exchanged at the token endpoint. The ID token (audience: the client id, the person's
 * name and groups in it) is what an MCP host sends as `Authorization: Bearer`.
 */
export async function issuerToken(
  issuer: TestIssuer,
  login: string,
  appOrigin: string,
): Promise<string> {
  const browser = new ScriptedBrowser((origin) => Number(new URL(origin).port))
  const verifier = randomBytes(32).toString('base64url')
  const redirect = `${appOrigin}/auth/callback`
  let code: string | null = null
  // The issuer's answer goes to the app's callback: held here, its code read.
  browser.hold = (next) => {
    if (!next.href.startsWith(redirect)) return false
    code = next.searchParams.get('code')
    return true
  }
  const start = new URL(`${issuer.url}/auth`)
  start.search = new URLSearchParams({
    client_id: issuer.clientId,
    response_type: 'code',
    scope: 'openid profile',
    redirect_uri: redirect,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  }).toString()
  await browser.signInAtIssuer(await browser.navigate(start.href), login)
  if (code === null) throw new Error(`the issuer gave ${login} no code`)
  const answer = await fetch(`${issuer.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: issuer.clientId,
      client_secret: issuer.clientSecret,
      code_verifier: verifier,
    }),
  })
  const body = (await answer.json()) as { id_token?: string }
  if (typeof body.id_token !== 'string') throw new Error(`no token: ${JSON.stringify(body)}`)
  return body.id_token
}
