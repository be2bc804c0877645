import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import { HostingError, hostingFromEnv } from '../hostingFromEnv.ts'
import type { HostedOptions } from '../server/hostedMode.ts'

/** How the gateway is hosted: where it listens, the app's sign-in, the host's approval rules. */
export interface GatewayHosting {
  /** The address `--http` listens on. */
  host: string
  /** The app's hosted mode, when sign-in is configured (`STUDYPULSE_AUTH_MODE`). */
  hosted?: HostedOptions
  approvalRules?: ApprovalRules
}

/**
 * The gateway's hosting, read from the same environment the app reads (`hostingFromEnv`), with
 * `--host` and `--public-origin` over `STUDYPULSE_HOST` and `STUDYPULSE_PUBLIC_ORIGIN` (the app's
 * own address is often not the gateway's). Approval rules need every call to name its person,
 * so they need `--http` with sign-in: over stdio, or without sign-in, they stop the gateway
 * (deciding cards under rules it cannot apply is worse than not starting). `--page` is for
 * loopback only, so hosted sign-in refuses it.
 */
export async function gatewayHosting(
  command: { httpPort?: number; host?: string; publicOrigin?: string; pagePort?: number },
  env: Record<string, string | undefined>,
): Promise<GatewayHosting> {
  const hosting = await hostingFromEnv(env)
  const host = command.host ?? hosting.host
  const signIn = command.httpPort !== undefined && hosting.auth !== undefined
  if (hosting.approvalRules !== undefined && !signIn)
    throw new HostingError(
      'approval rules (STUDYPULSE_APPROVAL_RULES) need --http with sign-in (STUDYPULSE_AUTH_MODE): over stdio, or without sign-in, no call names its person',
    )
  // A team's page is the hosted app, with its sign-in and public origin; `--page` is loopback's.
  if (signIn && command.pagePort !== undefined)
    throw new HostingError(
      '--page serves this computer only; with hosted sign-in, run the hosted StudyPulse app on the same workspace and give its origin as --page-url',
    )
  if (!signIn) return { host }
  const { host: _host, approvalRules, perPerson: _perPerson, ...hosted } = hosting
  return {
    host,
    hosted: {
      ...hosted,
      ...(command.publicOrigin !== undefined && { publicOrigin: command.publicOrigin }),
    },
    ...(approvalRules !== undefined && { approvalRules }),
  }
}
