import { useCallback, useState } from 'react'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'

/** A change asked from a button: where it stands, in words, and how to ask. */
export interface ProposalView {
  /** Asks for `proposal` on a card; undefined says nothing would change. */
  ask: (proposal: PersonProposal | undefined) => Promise<boolean>
  busy: boolean
  /** What came of the last ask, for the person to read. */
  status?: { kind: 'asked' | 'failed' | 'unchanged'; text: string }
}

/**
 * The asks of one pane's buttons through `propose` (the run's `PROPOSE`, a card in the chat):
 * resolves true once the card is asked for; a refusal is said, never thrown.
 */
export function useProposal(
  propose: ((proposal: PersonProposal) => Promise<void>) | undefined,
): ProposalView {
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<ProposalView['status']>()
  const ask = useCallback(
    async (proposal: PersonProposal | undefined) => {
      if (proposal === undefined) {
        setStatus({ kind: 'unchanged', text: 'Nothing changed, so there is nothing to ask.' })
        return false
      }
      if (propose === undefined) return false
      setBusy(true)
      setStatus(undefined)
      try {
        await propose(proposal)
        setStatus({
          kind: 'asked',
          text: 'Asked on a card in the chat: nothing changes until you allow it.',
        })
        return true
      } catch (error) {
        const code = (error as { code?: string }).code
        setStatus({
          kind: 'failed',
          text:
            code === 'not_awaiting_input'
              ? 'The chat is busy: answer its card or wait for it, then ask again.'
              : `Could not ask: ${error instanceof Error ? error.message : String(error)}`,
        })
        return false
      } finally {
        setBusy(false)
      }
    },
    [propose],
  )
  return { ask, busy, ...(status !== undefined && { status }) }
}
