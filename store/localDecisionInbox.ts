import { cardChanges } from './confirmationCards.ts'
import type { DecisionInbox, StoredDecision } from './DecisionInbox.ts'
import type { RunStore } from './RunStore.ts'

interface Card {
  runId: string
  digest: string
  decided?: Omit<StoredDecision, 'runId' | 'confirmationId' | 'digest'>
  resolved: boolean
}

/**
 * Gives a single-process store (memory, file) the `DecisionInbox` of the multi-node stores, so
 * the runtime can decide cards one way whatever the store: cards follow the committed events by
 * the same rules (`cardChanges`), and a run's cards are rebuilt from its log on first use, so
 * they survive a restart. Offers are decided on this process's event loop, one at a time.
 */
export function withLocalDecisionInbox(
  store: RunStore,
  options: { clock?: () => Date } = {},
): RunStore & DecisionInbox {
  const clock = options.clock ?? (() => new Date())
  const cards = new Map<string, Card>()
  const replayed = new Map<string, Promise<void>>()
  const listeners = new Set<(runId: string) => void>()

  const apply = (runId: string, changes: ReturnType<typeof cardChanges>) => {
    const closeAll = () => {
      for (const card of cards.values()) if (card.runId === runId) card.resolved = true
    }
    for (const change of changes) {
      if (change.kind === 'closeAll') closeAll()
      else if (change.kind === 'open') {
        closeAll()
        if (!cards.has(change.confirmationId)) {
          cards.set(change.confirmationId, { runId, digest: change.digest, resolved: false })
        }
      } else {
        const card = cards.get(change.confirmationId)
        if (card === undefined || card.runId !== runId || card.resolved) continue
        card.resolved = true
        if (card.decided === undefined && change.decision !== undefined) {
          card.decided = {
            decision: change.decision,
            decidedBy: change.decidedBy ?? 'user',
            ...(change.rule !== undefined && { rule: change.rule }),
            decidedAt: clock().toISOString(),
          }
        }
      }
    }
  }
  const known = (runId: string): Promise<void> => {
    let done = replayed.get(runId)
    if (done === undefined) {
      done = store.readEvents(runId).then(
        (events) => apply(runId, cardChanges({ events })),
        // A run the store cannot read has no cards to decide.
        () => undefined,
      )
      replayed.set(runId, done)
    }
    return done
  }

  return {
    location: store.location,
    claim: (runId) => store.claim(runId),
    unclaim: (runId) => store.unclaim(runId),
    listOpenRuns: () => store.listOpenRuns(),
    loadRun: (runId) => store.loadRun(runId),
    peekRun: (runId) => store.peekRun(runId),
    async commit(runId, commit) {
      await known(runId)
      await store.commit(runId, commit)
      apply(runId, cardChanges(commit))
    },
    readEvents: (runId, afterSeq) => store.readEvents(runId, afterSeq),
    readMessages: (runId) => store.readMessages(runId),
    readJournal: (runId) => store.readJournal(runId),
    readAudit: () => store.readAudit(),
    loadPolicies: () => store.loadPolicies(),
    savePolicies: (rules, change) => store.savePolicies(rules, change),
    close: () => store.close(),
    async offerDecision(runId, offer) {
      await known(runId)
      const card = cards.get(offer.confirmationId)
      const open =
        card !== undefined &&
        card.runId === runId &&
        !card.resolved &&
        card.decided === undefined &&
        (offer.digest === undefined || offer.digest === card.digest)
      if (!open) {
        return {
          ok: false,
          code: 'confirmation_not_found',
          message: `run ${runId} has no open confirmation ${offer.confirmationId}`,
        }
      }
      card.decided = {
        decision: offer.decision,
        decidedBy: offer.decidedBy,
        ...(offer.rule !== undefined && { rule: offer.rule }),
        ...(offer.keep !== undefined && { keep: offer.keep }),
        decidedAt: clock().toISOString(),
      }
      queueMicrotask(() => {
        for (const listener of listeners) listener(runId)
      })
      return { ok: true }
    },
    async decidedUnresolved(runId) {
      await known(runId)
      const found: StoredDecision[] = []
      for (const [confirmationId, card] of cards) {
        if (card.runId !== runId || card.resolved || card.decided === undefined) continue
        found.push({ runId, confirmationId, digest: card.digest, ...card.decided })
      }
      return found
    },
    onDecision(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
