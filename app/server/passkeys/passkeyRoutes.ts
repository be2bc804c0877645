import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { z } from 'zod'
import { bindingMismatch } from '../../../machines/runGuards.ts'
import { requiresSignature } from '../../../vocabulary/ApprovalRules.ts'
import type { Person } from '../../../vocabulary/Identity.ts'
import type { AppContext } from '../AppContext.ts'
import { HttpError } from '../HttpError.ts'
import { readJsonBody } from '../readJsonBody.ts'
import type { Route, RouteContext } from '../router.ts'
import { runFor } from '../runAccess.ts'
import { sendJson } from '../sendJson.ts'
import type { PasskeyRelyingParty } from './PasskeyRelyingParty.ts'
import { registerPasskey, registrationOptions } from './passkeyRegistration.ts'
import {
  PasskeyRegistrationBody,
  PasskeyRevokeBody,
  type PasskeysAnswer,
  SigningBody,
} from './passkeySchemas.ts'
import { signingRequest } from './passkeySignatures.ts'

// The relying party and the signed-in person a passkey route needs, or why there are none.
function signer(
  app: AppContext,
  me: RouteContext['me'],
): { party: PasskeyRelyingParty; person: Person } {
  if (app.passkeys === undefined)
    throw new HttpError(
      404,
      'passkeys_off',
      'this app keeps no passkeys (hosted mode with a store that keeps them)',
    )
  if (me?.id === undefined) throw new HttpError(401, 'unauthenticated', 'sign in to use passkeys')
  return {
    party: app.passkeys,
    person: { id: me.id, ...(me.name !== undefined && { name: me.name }) },
  }
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Passkeys of the signed-in person (list, register, revoke) and the signing of one decision on a
 * card whose approval rule requires a signed approval: the server makes the challenge from the
 * card it holds, the page has the authenticator sign it, and the decision carries the assertion.
 */
export function passkeyRoutes(app: AppContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/api/passkeys',
      handler: async ({ res, me }) => {
        // The page asks before showing its passkey section: off is an answer, not a refusal.
        if (app.passkeys === undefined || me?.id === undefined)
          return sendJson(res, 200, { available: false, passkeys: [] })
        const { party, person } = signer(app, me)
        const answer: z.infer<typeof PasskeysAnswer> = {
          available: true,
          passkeys: (await party.store.list(person.id)).map((p) => ({
            credentialId: p.credentialId,
            label: p.label,
            createdAt: iso(p.createdAt),
            ...(p.revokedAt !== undefined && { revokedAt: iso(p.revokedAt) }),
          })),
        }
        sendJson(res, 200, answer)
      },
    },
    {
      method: 'POST',
      pattern: '/api/passkeys/registration',
      handler: async ({ res, me }) => {
        const { party, person } = signer(app, me)
        sendJson(res, 200, await registrationOptions(party, person))
      },
    },
    {
      method: 'POST',
      pattern: '/api/passkeys',
      handler: async ({ req, res, me }) => {
        const body = await readJsonBody(req, PasskeyRegistrationBody)
        const { party, person } = signer(app, me)
        const done = await registerPasskey(
          party,
          person,
          body.response as unknown as RegistrationResponseJSON,
          body.label,
        )
        if (!done.ok)
          throw new HttpError(
            done.code === 'registration_invalid' ? 400 : 409,
            done.code,
            done.message,
          )
        sendJson(res, 200, {
          ok: true,
          credentialId: done.passkey.credentialId,
          label: done.passkey.label,
        })
      },
    },
    {
      method: 'POST',
      pattern: '/api/passkeys/revoke',
      handler: async ({ req, res, me }) => {
        const { credentialId } = await readJsonBody(req, PasskeyRevokeBody)
        const { party, person } = signer(app, me)
        const now = party.clock().getTime()
        if (!(await party.store.revoke(person.id, credentialId, now)))
          throw new HttpError(404, 'passkey_not_found', 'you have no such passkey in use')
        sendJson(res, 200, { ok: true })
      },
    },
    {
      method: 'POST',
      pattern: '/api/runs/:runId/signing',
      handler: async ({ req, res, params, me }) => {
        const { confirmationId, decision } = await readJsonBody(req, SigningBody)
        const { party, person } = signer(app, me)
        const runId = params.runId as string
        const view = await runFor(app, runId, me, 'decide')
        const pending = view.pending
        const card = view.events.findLast(
          (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
        )
        const open = bindingMismatch(
          { confirmationId },
          { confirmationId: pending?.confirmationId },
        )
        if (pending === undefined || open !== undefined || card?.permission === undefined)
          throw new HttpError(409, 'confirmation_not_found', 'this run is not waiting on that card')
        const { approvalRules } = app.runtime
        const server = card.permissionOrigin?.server
        if (!requiresSignature(approvalRules, card.permission, card.toolName ?? '', server))
          throw new HttpError(
            409,
            'signature_not_required',
            'this card is decided without a signature',
          )
        const request = await signingRequest(
          party,
          person,
          { runId, confirmationId, digest: pending.digest, decision },
          pending.expiresAt,
        )
        if (request === undefined)
          throw new HttpError(
            409,
            'no_passkey',
            'register a passkey first: this card needs your signature',
          )
        sendJson(res, 200, request)
      },
    },
  ]
}
