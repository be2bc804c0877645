import { request } from 'node:http'

/** An answer as the scripted browser saw it. */
export interface Seen {
  status: number
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * A browser reduced to what sign-in needs: a cookie jar per host name (as browsers keep them,
 * whatever the port), redirects followed by hand, forms posted. `route` says which local port
 * serves an origin (the app's public origin goes to one node or another, as a load balancer
 * would), so an https public origin is served by a plain-http node behind it.
 */
export class ScriptedBrowser {
  readonly jar = new Map<string, Map<string, string>>()
  constructor(readonly route: (origin: string) => number) {}

  /** One request, no redirect followed; keeps the cookies it sets. */
  async send(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Seen> {
    const target = new URL(url)
    const cookies = this.jar.get(target.hostname)
    const cookie = cookies && [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const seen = await new Promise<Seen>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.route(target.origin),
          method: init.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { host: target.host, ...(cookie && { cookie }), ...init.headers },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              url,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          )
        },
      )
      req.on('error', reject)
      req.end(init.body)
    })
    this.keep(target.hostname, seen.headers['set-cookie'])
    return seen
  }

  /** GETs `url` and follows redirects (at most 10), as a navigation does. */
  async navigate(url: string): Promise<Seen> {
    return this.follow(await this.send(url))
  }

  /**
   * A redirect this browser does not follow, but hands back (its `location` to read or change):
   * a test holds the issuer's answer to the app's callback this way.
   */
  hold?: (location: URL) => boolean

  /** Follows `seen`'s redirects (at most 10), up to one `hold` says to stop at. */
  async follow(seen: Seen): Promise<Seen> {
    let at = seen
    for (let i = 0; i < 10 && [302, 303].includes(at.status); i++) {
      const next = new URL(String(at.headers.location), at.url)
      if (this.hold?.(next)) return at
      at = await this.send(next.href)
    }
    return at
  }

  /** Submits the first form of `page` with `fields` (an urlencoded POST), following redirects. */
  async submit(page: Seen, fields: Record<string, string>): Promise<Seen> {
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1]
    if (action === undefined) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 200)}`)
    const hidden = Object.fromEntries(
      [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    )
    const target = new URL(action.replaceAll('&amp;', '&'), page.url)
    const seen = await this.send(target.href, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(page.url).origin,
      },
      body: new URLSearchParams({ ...hidden, ...fields }).toString(),
    })
    return this.follow(seen)
  }

  /** The issuer's dev login and consent forms, as a person fills them in. */
  async signInAtIssuer(loginPage: Seen, login: string): Promise<Seen> {
    const consent = await this.submit(loginPage, { login, password: 'any' })
    return consent.body.includes('name="prompt" value="consent"')
      ? this.submit(consent, {})
      : consent
  }

  /** The cookie `name` this browser holds for `host`. */
  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name)
  }

  private keep(host: string, header: string | string[] | undefined): void {
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [header]
    const cookies = this.jar.get(host) ?? new Map<string, string>()
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (gone) cookies.delete(name)
      else cookies.set(name, pair.slice(at + 1).trim())
    }
    this.jar.set(host, cookies)
  }
}
