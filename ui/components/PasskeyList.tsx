import { useCallback, useEffect, useState } from 'react'
import { momentText } from '../../vocabulary/humanTime.ts'
import type { PasskeyAccess, PasskeyEntry } from '../core/PasskeyAccess.ts'

/** Props of `PasskeyList`. */
export interface PasskeyListProps {
  access: PasskeyAccess
}

type Listed = { available: boolean; passkeys: readonly PasskeyEntry[] }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * "Passkeys": the signed-in person's passkeys, each with Revoke, and a way to add one made by this
 * device's authenticator. A card whose rule requires a signed approval is signed with one of them.
 * Nothing is drawn where the app keeps no passkeys (a single-user app, no sign-in).
 */
export function PasskeyList({ access }: PasskeyListProps) {
  const [listed, setListed] = useState<Listed>()
  const [label, setLabel] = useState('')
  const [busy, setBusy] = useState<string>()
  const [error, setError] = useState<string>()
  const reload = useCallback(
    () => access.listPasskeys().then(setListed, (e: unknown) => setError(messageOf(e))),
    [access],
  )
  useEffect(() => {
    void reload()
  }, [reload])
  // One action at a time; whatever it was, the list is read again after it.
  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what)
    setError(undefined)
    try {
      await action()
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(undefined)
      await reload()
    }
  }
  if (listed?.available !== true) return null
  const inUse = listed.passkeys.filter((p) => p.revokedAt === undefined).length
  return (
    <section className="sp-panel__section sp-passkeys" aria-labelledby="sp-passkeys-heading">
      <h2 id="sp-passkeys-heading">
        Passkeys <span className="sp-count">{inUse}</span>
      </h2>
      <p className="sp-muted">
        Some cards must be signed: Allow and Deny on them ask this device to confirm it is you.
      </p>
      {error ? (
        <p className="sp-notice sp-notice--error" role="alert">
          Could not update your passkeys: {error}
        </p>
      ) : null}
      {listed.passkeys.length === 0 ? (
        <p className="sp-muted">No passkeys yet.</p>
      ) : (
        <ul className="sp-list sp-passkeys__list">
          {listed.passkeys.map((p) => (
            <li
              key={p.credentialId}
              className={`sp-rule sp-passkey sp-rule--${p.revokedAt === undefined ? 'allow' : 'deny'}`}
              data-passkey-state={p.revokedAt === undefined ? 'in-use' : 'revoked'}
            >
              <span className="sp-rule__body">
                <span className="sp-list__title">{p.label}</span>
                <span className="sp-list__meta">
                  {p.revokedAt === undefined
                    ? `Added ${momentText(p.createdAt)}`
                    : `Revoked ${momentText(p.revokedAt)}: it signs nothing more`}
                </span>
              </span>
              {p.revokedAt === undefined ? (
                <button
                  type="button"
                  className="sp-button sp-button--secondary sp-button--small"
                  aria-label={`Revoke the passkey ${p.label}`}
                  disabled={busy !== undefined}
                  onClick={() =>
                    void run(p.credentialId, () => access.revokePasskey(p.credentialId))
                  }
                >
                  Revoke
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form
        className="sp-passkeys__add"
        onSubmit={(e) => {
          e.preventDefault()
          void run('add', async () => {
            await access.registerPasskey(label.trim() || undefined)
            setLabel('')
          })
        }}
      >
        <label className="sp-change__label" htmlFor="sp-passkey-label">
          Name <span className="sp-muted">(optional)</span>
        </label>
        <input
          id="sp-passkey-label"
          className="sp-change__input"
          value={label}
          maxLength={100}
          placeholder="e.g. my laptop"
          onChange={(e) => setLabel(e.target.value)}
        />
        <button type="submit" className="sp-button" disabled={busy !== undefined}>
          {busy === 'add' ? 'Adding a passkey…' : 'Add a passkey'}
        </button>
      </form>
    </section>
  )
}
