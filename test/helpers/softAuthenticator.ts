import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'
import type { PasskeyAssertion } from '../../vocabulary/SignedDecision.ts'

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))

/**
 * A passkey authenticator in Node for tests that need real assertions without a browser: one
 * P-256 key, real ES256 signatures (DER, as authenticators give them) over real authenticator
 * data and client data; its flags and counter can be set to make the cases a server must refuse.
 */
export class SoftAuthenticator {
  readonly credentialId = b64(randomBytes(16))
  readonly #privateKey: KeyObject
  /** The COSE public key (base64url), as a registration would store it. */
  readonly publicKey: string
  counter = 0

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    this.#privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(String(jwk.x))],
      [-3, isoBase64URL.toBuffer(String(jwk.y))],
    ])
    this.publicKey = b64(isoCBOR.encode(cose))
  }

  // RP id hash, flags (UP 0x01, UV 0x04, AT 0x40), a 4-byte counter, then `rest`.
  #authenticatorData(flags: number, rest: Uint8Array = new Uint8Array()): Buffer {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), counter, rest])
  }

  /** A registration answer (`none` attestation) to the options' challenge. */
  register(challenge: string) {
    const id = isoBase64URL.toBuffer(this.credentialId)
    const length = Buffer.alloc(2)
    length.writeUInt16BE(id.length)
    const attested = Buffer.concat([
      Buffer.alloc(16),
      length,
      id,
      isoBase64URL.toBuffer(this.publicKey),
    ])
    const authData = this.#authenticatorData(0x45, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    )
    const clientData = {
      type: 'webauthn.create',
      challenge,
      origin: this.origin,
      crossOrigin: false,
    }
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    }
  }

  /** An assertion over `challenge`; `verified: false` leaves the UV flag out. */
  assert(
    challenge: string,
    { verified = true, origin = this.origin }: { verified?: boolean; origin?: string } = {},
  ): PasskeyAssertion {
    this.counter += 1
    const authData = this.#authenticatorData(verified ? 0x05 : 0x01)
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }),
    )
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
      key: this.#privateKey,
      dsaEncoding: 'der',
    })
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        authenticatorData: b64(authData),
        clientDataJSON: b64(clientDataJSON),
        signature: b64(signature),
      },
      clientExtensionResults: {},
    }
  }
}
