/** One of the signed-in person's passkeys, as their list shows it. */
export interface PasskeyEntry {
  credentialId: string
  label: string
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601; absent while the passkey is in use. */
  revokedAt?: string
}

/** The signed-in person's passkeys as the page's Passkeys section needs them; `StudyPulseClient` offers this. */
export interface PasskeyAccess {
  /** Their passkeys, oldest first, revoked ones included; `available: false` where the app keeps none. */
  listPasskeys(): Promise<{ available: boolean; passkeys: readonly PasskeyEntry[] }>
  /** Makes a passkey on this device and registers it under `label`; rejects with a coded error. */
  registerPasskey(label?: string): Promise<void>
  /** Revokes one: it signs nothing more (what it signed stays verifiable). */
  revokePasskey(credentialId: string): Promise<void>
}
