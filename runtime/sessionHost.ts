import {
  type AgentRunMachineDeps,
  createAgentRunMachine,
  type RunEffect,
} from '../machines/agentRunMachine.ts'
import type { AgentRunContext } from '../machines/agentRunTypes.ts'
import type { AgentRuntimeOptions } from './AgentRuntime.ts'
import type { HeldRuns } from './HeldRuns.ts'
import type { RunParking } from './RunParking.ts'
import type { SessionHost } from './RunSession.ts'
import type { RunState } from './RunState.ts'
import type { RunEffects } from './runEffects.ts'

/** What the sessions' host is made of. */
export interface SessionHostDeps {
  /** What the run chart is built with. */
  machine: AgentRunMachineDeps
  effects: RunEffects
  held: HeldRuns
  parking: RunParking
  inspect: AgentRuntimeOptions['inspect']
}

/**
 * The host every session of a runtime steps through: the run chart with the runtime's effects
 * supplied, the delivery of events to listeners, and what follows a step (its save, its settled
 * effects, the parking of a run that shows a card).
 */
export function createSessionHost({
  machine,
  effects,
  held,
  parking,
  inspect,
}: SessionHostDeps): SessionHost {
  // The chart's effects, supplied here: each runs on entering its state, with that step's context.
  const effect =
    (name: RunEffect) =>
    ({ context, self }: { context: AgentRunContext; self: { id: string } }) => {
      const session = held.get(self.id)
      if (session !== undefined) effects.run(session, name, context)
    }
  const logic = createAgentRunMachine(machine).provide({
    actions: {
      callModel: effect('callModel'),
      describeCall: effect('describeCall'),
      offerCard: effect('offerCard'),
      executeCall: effect('executeCall'),
    },
  })
  return {
    logic,
    actorOptions: inspect === undefined ? {} : { inspect },
    deliver: (event) => held.deliver(event),
    stepEnded(session, state: RunState) {
      session.persister?.save(state)
      held.stepped(session)
      effects.settled(session, state)
      if (state.hasTag('showsCard')) parking.waiting(session)
    },
  }
}
