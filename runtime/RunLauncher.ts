import { effectTags } from '../machines/agentRunMachine.ts'
import type { AgentRunInput } from '../machines/agentRunTypes.ts'
import type { RunStart } from '../store/RunListing.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { VersionedKind } from '../workspace/recordVersion.ts'
import type { HeldRuns } from './HeldRuns.ts'
import type { SavedRun } from './loadSavedRun.ts'
import { persistRun, type RunPersister } from './persistRun.ts'
import { RunSession, type SessionHost } from './RunSession.ts'
import { type RunEffects, savedWithItsEffect } from './runEffects.ts'

/** How a run is launched: a new one from its input and start, or a saved one. */
export type RunLaunch = { input: AgentRunInput; started: RunStart } | { saved: SavedRun }

/** What launching runs needs from its runtime. */
export interface RunLauncherDeps {
  host: SessionHost
  held: HeldRuns
  store: RunStore | undefined
  effects: RunEffects
  /** The record kinds the workspace commits with a call's outcome (see `AtomicOutcomes`). */
  atomicKinds: readonly VersionedKind[]
  onError: (error: unknown) => void
  /** The run is held here now: it is no longer followed as another node's. */
  unfollow: (runId: string) => void
}

/** Registers and starts sessions over new or saved runs, each with its link to the store. */
export class RunLauncher {
  readonly #deps: RunLauncherDeps

  constructor(deps: RunLauncherDeps) {
    this.#deps = deps
  }

  /** Registers and starts a session over a new or saved run; saves wait for `claimed`. */
  launch(runId: string, start: RunLaunch, claimed: Promise<unknown>): RunSession {
    const { host, held } = this.#deps
    const saved = 'saved' in start ? start.saved : undefined
    const persister = this.#persister(runId, start, claimed)
    const session = new RunSession(
      host,
      runId,
      saved === undefined
        ? { input: (start as { input: AgentRunInput }).input }
        : { snapshot: saved.persisted },
      saved?.log ?? [],
      persister,
    )
    held.add(session, 'started' in start ? start.started : undefined)
    this.#deps.unfollow(runId)
    session.start()
    if (saved !== undefined) this.#resume(session, saved)
    void persister?.flush()
    return session
  }

  #persister(runId: string, start: RunLaunch, claimed: Promise<unknown>): RunPersister | undefined {
    const { store, held, atomicKinds } = this.#deps
    if (store === undefined) return undefined
    const saved = 'saved' in start ? start.saved : undefined
    return persistRun(runId, this.#deps.host.logic, store, {
      current: () => (held.get(runId) as RunSession).state(),
      // Its decision (when held here), effect, intent and outcome commit as one: a save
      // of `executing` in between would resolve the card before its compare-and-set.
      savedElsewhere: (state) =>
        state.hasTag('executesCall') &&
        savedWithItsEffect(state.context.current?.prepared, atomicKinds),
      ready: claimed,
      onError: this.#deps.onError,
      savedMessages: saved?.savedMessages ?? 0,
      ...(saved !== undefined && { audited: saved.audited }),
      ...('started' in start && {
        started: start.started,
        onListed: () => held.listed(runId),
      }),
    })
  }

  // A restored run is told what its journal says first; else the effect of the state it rests in
  // runs again (a restore runs no entry action by itself), as the state's tags name it.
  #resume(session: RunSession, saved: SavedRun): void {
    if (saved.recovery !== undefined) {
      session.send(saved.recovery)
      return
    }
    const state = session.state()
    for (const [tag, name] of Object.entries(effectTags)) {
      if (state.hasTag(tag)) this.#deps.effects.run(session, name, state.context)
    }
    this.#deps.host.stepEnded(session, state)
  }
}
