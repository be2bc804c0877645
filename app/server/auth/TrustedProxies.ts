import { BlockList, isIP } from 'node:net'
import { AppServerError } from '../AppServerError.ts'

/**
 * The addresses of the proxies in front of the app (addresses or CIDR ranges, e.g. `10.0.0.0/8`,
 * `127.0.0.1`): only a request whose connection comes from one of them may carry forwarded
 * headers (`X-Forwarded-Host`) or, in proxy mode, the signed-in user. Everyone else's are ignored
 * or refused: a header is only as good as who could have set it.
 */
export class TrustedProxies {
  readonly #list = new BlockList()
  readonly size: number

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', bits] = entry.trim().split('/')
      const family = isIP(address)
      const prefix = bits === undefined ? undefined : Number(bits)
      const max = family === 6 ? 128 : 32
      if (
        family === 0 ||
        (prefix !== undefined && (!Number.isInteger(prefix) || prefix < 0 || prefix > max))
      ) {
        throw new AppServerError(
          'invalid_trusted_proxy',
          `trusted proxies are IP addresses or CIDR ranges (such as 10.0.0.0/8), not ${JSON.stringify(entry)}`,
        )
      }
      const type = family === 6 ? 'ipv6' : 'ipv4'
      if (prefix === undefined) this.#list.addAddress(address, type)
      else this.#list.addSubnet(address, prefix, type)
    }
    this.size = entries.length
  }

  /** Whether a connection from `address` (as the socket reports it) comes from a trusted proxy. */
  has(address: string | undefined): boolean {
    if (address === undefined || this.size === 0) return false
    const family = isIP(address)
    return family !== 0 && this.#list.check(address, family === 6 ? 'ipv6' : 'ipv4')
  }
}
