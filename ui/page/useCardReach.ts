import { useCallback, useEffect, useState } from 'react'
import type { CardReach } from '../../vocabulary/approvalReach.ts'
import type { CardUnavailable } from '../components/ConfirmationCard.tsx'
import type { ConfirmationRequest } from '../core/ConfirmationRequest.ts'
import type { RunSource } from '../core/RunSource.ts'

/** What a card says when this page cannot make some of its decisions. */
export function unavailableOf(reach: CardReach): CardUnavailable | undefined {
  if (reach.elsewhere !== undefined) return { allow: true, deny: true, note: reach.elsewhere }
  const { allow, deny } = reach
  if (allow.may && deny.may) return undefined
  const why = !allow.may ? allow.why : !deny.may ? deny.why : ''
  const rest = allow.may ? ' You may allow it.' : deny.may ? ' You may deny it.' : ''
  return { allow: !allow.may, deny: !deny.may, note: `Not yours to decide: ${why}.${rest}` }
}

/**
 * Asks the server, for each card the run opens (and again as approvals count on it), what this
 * person may do with it; returns what each card then says (see `ConfirmationCard.unavailable`).
 */
export function useCardReach(
  card: (runId: string) => Promise<CardReach>,
  run: (RunSource & { runId: string }) | undefined,
): (request: ConfirmationRequest) => CardUnavailable | undefined {
  // Keyed by the card it was asked for: a card is matched by lookup, never by comparing ids here.
  const [reach, setReach] = useState<ReadonlyMap<string, CardReach>>(new Map())
  useEffect(() => {
    setReach(new Map())
    if (run === undefined) return
    let asked = ''
    let live = true
    const look = () => {
      const pending = run.getSnapshot().context.pending
      const key = pending ? `${pending.confirmationId}:${pending.approvals?.length ?? 0}` : ''
      if (key === asked) return
      asked = key
      if (pending === undefined) return setReach(new Map())
      card(run.runId).then(
        (answer) => live && setReach(new Map([[answer.confirmationId, answer]])),
        () => live && setReach(new Map()),
      )
    }
    look()
    const subscription = run.subscribe(look)
    return () => {
      live = false
      subscription.unsubscribe()
    }
  }, [card, run])
  return useCallback(
    (request: ConfirmationRequest) => {
      const answer = reach.get(request.confirmationId)
      return answer === undefined ? undefined : unavailableOf(answer)
    },
    [reach],
  )
}
