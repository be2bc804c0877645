/**
 * Browser sign-in with the OpenID Connect authorization code flow and PKCE, beside the bearer
 * tokens of `OidcOptions` (same issuer): `STUDYPULSE_AUTH_CLIENT_ID` and friends.
 */
export interface BrowserSignInOptions {
  /** The client id the issuer registered for this app (its ID tokens' `aud`). */
  clientId: string
  /** The client's secret (a confidential client); a public client has none and relies on PKCE. */
  clientSecret?: string
  /**
   * Seals refresh tokens at rest and the sign-in cookie, and keys the stored sessions: at least
   * 32 characters, the same on every node (`STUDYPULSE_SESSION_SECRET`). Random per process by
   * default, which serves one node only: sessions then end when it restarts.
   */
  sessionSecret?: string
  /** The scopes asked for (default `openid profile email`; `openid` is always asked). */
  scope?: string
}
