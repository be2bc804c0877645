import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type ApprovalRules, parseApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type { BrowserSignInOptions } from './server/auth/BrowserSignInOptions.ts'
import type { AuthOptions, HostedOptions } from './server/hostedMode.ts'

/** How the app is hosted, as the environment says; all empty for the single-user app. */
export interface Hosting extends HostedOptions {
  /** The address to listen on (`STUDYPULSE_HOST`, default 127.0.0.1). */
  host: string
  /** The host's approval rules (`STUDYPULSE_APPROVAL_RULES`, a file). */
  approvalRules?: ApprovalRules
  /** Each person has their own workspace unless `STUDYPULSE_TEAM_WORKSPACE=1`. */
  perPerson: boolean
}

/** A setting of the environment that cannot work: the app says which and stops. */
export class HostingError extends Error {
  readonly code = 'invalid_hosting'
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')

/**
 * Reads the hosting variables: `STUDYPULSE_HOST`, `STUDYPULSE_PUBLIC_ORIGIN`,
 * `STUDYPULSE_TRUSTED_PROXIES`, `STUDYPULSE_AUTH_MODE` (`oidc` or `proxy`) with its
 * `STUDYPULSE_AUTH_*` settings (a `STUDYPULSE_AUTH_CLIENT_ID` adds browser sign-in, with
 * `STUDYPULSE_AUTH_CLIENT_SECRET` and `STUDYPULSE_SESSION_SECRET`), `STUDYPULSE_APPROVAL_RULES` and `STUDYPULSE_TEAM_WORKSPACE`.
 * The server itself refuses what cannot be safe (beyond loopback without sign-in, and so on).
 */
export async function hostingFromEnv(env: Record<string, string | undefined>): Promise<Hosting> {
  const mode = env.STUDYPULSE_AUTH_MODE?.trim() ?? ''
  let auth: AuthOptions | undefined
  const signIn = browserSignInFromEnv(env)
  if (mode === 'oidc') {
    const issuer = env.STUDYPULSE_AUTH_ISSUER
    // Tokens the browser sign-in gets are for this app's client id unless said otherwise.
    const audience = list(env.STUDYPULSE_AUTH_AUDIENCE ?? signIn?.clientId)
    if (issuer === undefined || issuer === '' || audience.length === 0)
      throw new HostingError(
        'STUDYPULSE_AUTH_MODE=oidc needs STUDYPULSE_AUTH_ISSUER and STUDYPULSE_AUTH_AUDIENCE (or STUDYPULSE_AUTH_CLIENT_ID)',
      )
    const algorithms = list(env.STUDYPULSE_AUTH_ALGORITHMS)
    auth = {
      kind: 'oidc',
      issuer,
      audience,
      ...(env.STUDYPULSE_AUTH_JWKS_URL && { jwksUrl: env.STUDYPULSE_AUTH_JWKS_URL }),
      ...(algorithms.length > 0 && { algorithms }),
      ...(env.STUDYPULSE_AUTH_GROUPS_CLAIM && { groupsClaim: env.STUDYPULSE_AUTH_GROUPS_CLAIM }),
      ...(env.STUDYPULSE_AUTH_NAME_CLAIM && { nameClaim: env.STUDYPULSE_AUTH_NAME_CLAIM }),
    }
  } else if (mode === 'proxy') {
    auth = {
      kind: 'proxy',
      ...(env.STUDYPULSE_AUTH_USER_HEADER && { userHeader: env.STUDYPULSE_AUTH_USER_HEADER }),
      ...(env.STUDYPULSE_AUTH_GROUPS_HEADER && { groupsHeader: env.STUDYPULSE_AUTH_GROUPS_HEADER }),
      ...(env.STUDYPULSE_AUTH_NAME_HEADER && { nameHeader: env.STUDYPULSE_AUTH_NAME_HEADER }),
    }
  } else if (mode !== '' && mode !== 'none') {
    throw new HostingError(`STUDYPULSE_AUTH_MODE is oidc or proxy, not "${mode}"`)
  }
  const rulesFile = env.STUDYPULSE_APPROVAL_RULES
  const approvalRules =
    rulesFile === undefined || rulesFile === '' ? undefined : await readRules(resolve(rulesFile))
  const proxies = list(env.STUDYPULSE_TRUSTED_PROXIES)
  return {
    host: env.STUDYPULSE_HOST?.trim() || '127.0.0.1',
    ...(auth !== undefined && { auth }),
    ...(signIn !== undefined && mode === 'oidc' && { signIn }),
    ...(env.STUDYPULSE_PUBLIC_ORIGIN && { publicOrigin: env.STUDYPULSE_PUBLIC_ORIGIN }),
    ...(proxies.length > 0 && { trustedProxies: proxies }),
    ...(approvalRules !== undefined && { approvalRules }),
    perPerson: env.STUDYPULSE_TEAM_WORKSPACE !== '1',
  }
}

// Browser sign-in: the client the issuer registered, and the secret every node shares.
function browserSignInFromEnv(
  env: Record<string, string | undefined>,
): BrowserSignInOptions | undefined {
  const clientId = env.STUDYPULSE_AUTH_CLIENT_ID?.trim()
  if (clientId === undefined || clientId === '') return undefined
  return {
    clientId,
    ...(env.STUDYPULSE_AUTH_CLIENT_SECRET && { clientSecret: env.STUDYPULSE_AUTH_CLIENT_SECRET }),
    ...(env.STUDYPULSE_SESSION_SECRET && { sessionSecret: env.STUDYPULSE_SESSION_SECRET }),
    ...(env.STUDYPULSE_AUTH_SCOPE && { scope: env.STUDYPULSE_AUTH_SCOPE }),
  }
}

// A rule file the app cannot read stops it: deciding cards under rules it did not mean is worse.
async function readRules(file: string): Promise<ApprovalRules> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new HostingError(`cannot read the approval rules ${file}: ${(error as Error).message}`)
  }
  const parsed = parseApprovalRules(raw)
  if (!parsed.ok)
    throw new HostingError(`the approval rules ${file} are not valid: ${parsed.message}`)
  return parsed.rules
}
