import { createRequestStateCodec, type RequestStateCodec } from '@modelcontextprotocol/server'
import { z } from 'zod'

/**
 * What the gateway hands a 2026-07-28 client with its question (the `requestState` of an
 * `InputRequiredResult`), sealed: which run and card the answer is for, the digest the card
 * showed, and the card's deadline. It names the card and never decides it: the card is the
 * single-use record, so a replayed state finds it decided, and a forged one does not verify.
 */
export const AskStateSchema = z.strictObject({
  version: z.literal(1),
  runId: z.string().min(1).max(200),
  confirmationId: z.string().min(1).max(200),
  digest: z.string().min(1).max(200),
  /** The card's deadline (epoch ms); an answer after it decides nothing. */
  deadline: z.number().int().nonnegative(),
})

/** A sealed question's state, as the gateway reads it back. */
export type AskState = z.infer<typeof AskStateSchema>

/** Why a `requestState` was refused (the codec's reason, or a payload of another shape). */
export type AskStateRefusal = 'malformed' | 'mac' | 'expired' | 'bind' | 'shape'

/** Seals and opens one caller's question states. */
export interface AskStateSeal {
  seal(state: AskState): Promise<string>
  open(
    wire: string,
  ): Promise<{ ok: true; state: AskState } | { ok: false; reason: AskStateRefusal }>
}

/** How long a sealed state may travel at most: the card's own deadline (inside it) ends it sooner. */
const maxTravelSeconds = 7 * 24 * 60 * 60

/**
 * The seal of one caller (`principal`: the signed-in person, or the stdio connection): HMAC-SHA256
 * with the gateway's own key (the SDK's `createRequestStateCodec`), bound to the principal, so a
 * state minted for one caller does not open for another.
 */
export function askStateSeal(key: Uint8Array, principal: string): AskStateSeal {
  // The binding hashes the principal with the key; it never travels in clear.
  const codec: RequestStateCodec<AskState> = createRequestStateCodec<AskState>({
    key,
    ttlSeconds: maxTravelSeconds,
    bind: () => `studypulse-gateway.ask\0${principal}`,
  })
  // The codec's `bind` reads no context here; it still asks for one when it is configured.
  const ctx = {} as Parameters<typeof codec.mint>[1]
  return {
    seal: (state) => codec.mint(state, ctx),
    async open(wire) {
      let payload: unknown
      try {
        payload = await codec.verify(wire, ctx as NonNullable<typeof ctx>)
      } catch (error) {
        const reason = error instanceof Error ? error.message : ''
        return { ok: false, reason: isCodecReason(reason) ? reason : 'malformed' }
      }
      const parsed = AskStateSchema.safeParse(payload)
      return parsed.success ? { ok: true, state: parsed.data } : { ok: false, reason: 'shape' }
    },
  }
}

function isCodecReason(reason: string): reason is Exclude<AskStateRefusal, 'shape'> {
  return reason === 'malformed' || reason === 'mac' || reason === 'expired' || reason === 'bind'
}
