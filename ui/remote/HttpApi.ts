import { RunCommandError } from '../core/RunCommandError.ts'
import type { WebAuthnClient } from '../core/WebAuthnClient.ts'

/** Where the app's HTTP API is and how to authenticate to it. */
export interface HttpApiOptions {
  /** e.g. `http://127.0.0.1:4317`; empty for the page's own origin. */
  baseUrl?: string
  /** The per-launch token the server put in the page. */
  token: string
  fetch?: typeof fetch
  /** Extra headers (a Node client must send `Origin` itself; browsers do it for you). */
  headers?: Record<string, string>
  /**
   * Called when the server answers `stale_token`: it restarted since the token was issued, and
   * only a reload of the page (which carries the new one) goes on.
   */
  onStaleToken?: () => void
  /** Called when the server answers 401: the person's sign-in ended (hosted mode). */
  onSignedOut?: () => void
  /**
   * The browser's WebAuthn ceremonies: given, the client registers passkeys and, when a card must
   * be signed (`signature_required`), signs Allow and Deny with one.
   */
  webAuthn?: WebAuthnClient
}

/** The header that carries the per-launch token. */
export const tokenHeader = 'x-studypulse-token'

/** Small JSON-over-HTTP helper shared by the remote clients; errors become `RunCommandError`. */
export class HttpApi {
  readonly baseUrl: string
  readonly #options: HttpApiOptions
  /** The page's WebAuthn ceremonies, if it gave them. */
  readonly webAuthn: WebAuthnClient | undefined

  constructor(options: HttpApiOptions) {
    this.#options = options
    this.webAuthn = options.webAuthn
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '')
  }

  /** The headers every request carries. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...this.#options.headers, [tokenHeader]: this.#options.token, ...extra }
  }

  /** `fetch` with the token; returns the raw response. */
  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const doFetch = this.#options.fetch ?? globalThis.fetch.bind(globalThis)
    const response = await doFetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: this.headers(init.headers as Record<string, string> | undefined),
    })
    const onStale = this.#options.onStaleToken
    // Every request goes through here, the event stream's included: one place notices a restart.
    if (response.status === 403 && onStale !== undefined) {
      const answer = safeParse(await response.clone().text()) as { error?: { code?: unknown } }
      if (answer?.error?.code === 'stale_token') onStale()
    }
    if (response.status === 401) this.#options.onSignedOut?.()
    return response
  }

  /** GET a JSON resource. */
  get<T>(path: string): Promise<T> {
    return this.#json<T>(this.raw(path))
  }

  /** POST a JSON body; resolves with the JSON answer. */
  post<T>(path: string, body: unknown): Promise<T> {
    return this.#json<T>(
      this.raw(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
  }

  async #json<T>(pending: Promise<Response>): Promise<T> {
    const response = await pending
    const text = await response.text()
    const parsed: unknown = text === '' ? undefined : safeParse(text)
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; message?: string } } | undefined)?.error
      throw new RunCommandError(
        error?.code ?? 'http_error',
        error?.message ?? `HTTP ${response.status}`,
        response.status,
      )
    }
    return parsed as T
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
