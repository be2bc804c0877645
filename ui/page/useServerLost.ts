import { useEffect } from 'react'
import type { CardUnavailable } from '../components/ConfirmationCard.tsx'
import { useRunSelector } from '../hooks/useRunSelector.ts'
import type { RemoteRunClient, RemoteRunSnapshot } from '../remote/RemoteRunClient.ts'

/** What a card says while the server cannot be reached: no decision can be sent, none is lost. */
export const serverLostCard: CardUnavailable = {
  allow: true,
  deny: true,
  note: 'The page cannot reach StudyPulse: its connection dropped (was it stopped?). It keeps trying by itself; Allow and Deny come back as soon as StudyPulse answers, and nothing is decided meanwhile.',
}

/**
 * Whether the run's event stream dropped and is being retried: the server stopped or the
 * network went. The stream's own end is the signal, so the page knows within the retry's delay.
 */
export function useServerLost(run: RemoteRunClient | undefined): boolean {
  return useRunSelector(
    run,
    (snapshot) => (snapshot as RemoteRunSnapshot | undefined)?.connection === 'retrying',
  )
}

/**
 * Once a restarted server has answered (`stale_token`: it holds a new launch token), reloads the
 * page so it carries the new one and the open card comes back, unless the person has typed a
 * message that a reload would lose; then the banner's Reload button is theirs to press.
 */
export function useReloadWhenRestarted(restarted: boolean): void {
  useEffect(() => {
    if (!restarted) return
    const draft = document.querySelector<HTMLTextAreaElement>('.sp-chat__input')?.value ?? ''
    if (draft.trim() === '') location.reload()
  }, [restarted])
}
