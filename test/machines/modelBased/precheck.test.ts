import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { decisionRefusal, editRefusal } from '../../../machines/runGuards.ts'
import { decisionEvent } from '../../../runtime/decisions.ts'
import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import { runAlphabet } from './alphabet.ts'
import type { AlphabetWorld } from './decisionAlphabet.ts'
import { exploreRun } from './explorer.ts'
import type { ExplorerEvent, RunSnapshot, RunStep } from './explorerTypes.ts'
import { hostedRules } from './hosted.ts'
import { hostedMutants, mutants } from './mutants.ts'
import { configurations, explorationOf, explorationSetup } from './scenario.ts'
import { runStateKey } from './stateKey.ts'

const setup = explorationSetup()

interface Tally {
  snapshots: Set<string>
  decisions: { taken: number; refused: number }
  forged: number
  edits: { taken: number; refused: number }
  ended: number
  endedStates: Set<string>
  disagreements: string[]
}

const decidesOrEdits = (event: ExplorerEvent) =>
  event.type === 'CONFIRM' ||
  event.type === 'DENY' ||
  event.type === 'EXPIRE' ||
  event.type === 'EDIT'

// What the runtime's pre-check says of an event's decision or edit at time `at`: undefined if it
// lets it through (an expiry is the clock's decision: the deadline is part of the check).
// Under the host's approval `rules` when the run is (the pre-check is given the host's rules, as
// the runtime is).
function precheck(
  snapshot: RunSnapshot,
  event: ExplorerEvent,
  at: Date,
  rules: ApprovalRules | undefined,
): string | undefined {
  if (event.type === 'EDIT') return editRefusal(snapshot.context, event.edit)
  if (event.type === 'CONFIRM' || event.type === 'DENY' || event.type === 'EXPIRE')
    return decisionRefusal(snapshot.context, event.decision, at, rules)?.message
  return 'not a decision'
}

function observe(
  tally: Tally,
  step: RunStep,
  world: AlphabetWorld,
  rules: ApprovalRules | undefined,
): void {
  const { before, after, event } = step
  const where = `${String(before.value)} --${event.label}-->`
  if (after.status !== 'active' && !tally.endedStates.has(runStateKey(after))) {
    tally.endedStates.add(runStateKey(after))
    // An ended run takes nothing: the pre-check must refuse every decision and edit too.
    for (const late of runAlphabet(after, world).filter(decidesOrEdits)) {
      tally.ended += 1
      if (precheck(after, late, step.at, rules) === undefined)
        tally.disagreements.push(
          `ended ${String(after.value)}: the pre-check lets ${late.label} through`,
        )
    }
  }
  if (!decidesOrEdits(event)) return
  tally.snapshots.add(runStateKey(before))
  const taken = step.transitions.length > 0
  if (!taken && (after.value !== before.value || after.context !== before.context))
    tally.disagreements.push(`${where} took no transition but changed the run`)
  const refusal = precheck(before, event, step.at, rules)
  if (event.type === 'EDIT') {
    tally.edits[taken ? 'taken' : 'refused'] += 1
    if (taken !== (refusal === undefined))
      tally.disagreements.push(
        `${where} ${taken ? 'taken' : 'refused'}; the pre-check says ${refusal ?? 'take it'}`,
      )
    return
  }
  // The event the runtime makes of this decision; the alphabet's "forged" events are not it.
  if (decisionEvent(event.decision).type !== event.type) {
    tally.forged += 1
    if (taken) tally.disagreements.push(`${where} forged, yet taken`)
    return
  }
  tally.decisions[taken ? 'taken' : 'refused'] += 1
  const expected = refusal === undefined
  if (taken !== expected)
    tally.disagreements.push(
      `${where} ${taken ? 'taken' : 'refused'}; the pre-check says ${refusal ?? 'take it'}`,
    )
}

// Ends a control's walk at its first disagreement: one is all the control asks for.
class Disagreed extends Error {}

// Walks every configuration's reachable states with `machine` (`hosted` for the configurations
// under the host's approval rules), comparing pre-check and guard. A control of a broken guard
// walks only the configurations its machine runs in, and stops at the first disagreement.
function agreement(
  machine: AnyStateMachine,
  hosted: AnyStateMachine = setup.hostedMachine,
  control?: { hosted: boolean },
): Tally {
  const tally: Tally = {
    snapshots: new Set(),
    decisions: { taken: 0, refused: 0 },
    forged: 0,
    edits: { taken: 0, refused: 0 },
    ended: 0,
    endedStates: new Set(),
    disagreements: [],
  }
  const walked = configurations.filter(
    (c) => control === undefined || (c.hosted === true) === control.hosted,
  )
  try {
    for (const configuration of walked) {
      const explored = explorationOf(setup, configuration, { plain: machine, hosted })
      const rules = configuration.hosted ? hostedRules : undefined
      exploreRun({
        machine: explored.machine,
        input: configuration.input,
        registry: setup.tools,
        world: explored.world,
        clock: setup.clock,
        edgesOnly: true,
        invariants: [],
        observe: (step) => {
          observe(tally, step, explored.world, rules)
          if (control !== undefined && tally.disagreements.length > 0) throw new Disagreed()
        },
      })
    }
  } catch (error) {
    if (!(error instanceof Disagreed)) throw error
  }
  return tally
}

describe("the runtime's pre-check and the chart's guard", () => {
  it('agree on every decision and edit the explorer sends, in every reachable state', () => {
    const tally = agreement(setup.machine)
    const { decisions, edits } = tally
    console.log(
      `pre-check vs guard: ${tally.snapshots.size} abstract states; decisions ${decisions.taken} taken, ${decisions.refused} refused; edits ${edits.taken} taken, ${edits.refused} refused; ${tally.forged} forged events refused; ${tally.ended} late ones on ${tally.endedStates.size} ended states refused`,
    )
    expect(tally.disagreements.slice(0, 10)).toEqual([])
    // Each side is exercised: a test that only ever saw refusals would prove nothing.
    for (const count of [decisions.taken, decisions.refused, edits.taken, edits.refused])
      expect(count).toBeGreaterThan(0)
    expect(tally.forged).toBeGreaterThan(0)
    expect(tally.ended).toBeGreaterThan(0)
  })

  // The control: a guard that skips one of the pre-check's checks is caught disagreeing.
  const controls = mutants(setup.machine, { tools: setup.tools, clock: setup.clock.now }).filter(
    (m) =>
      m.name.startsWith("a decision with another run's id") ||
      m.name.startsWith('EXPIRE is accepted before') ||
      m.name.startsWith('an edit prepared for another call') ||
      m.name.startsWith('the card digest is not checked'),
  )
  it.each(controls.map((m) => [m.name, m] as const))(
    'disagree when the guard is broken: %s',
    (_name, mutant) => {
      const tally = agreement(mutant.build(), setup.hostedMachine, { hosted: false })
      expect(tally.disagreements.length).toBeGreaterThan(0)
    },
  )
  it('has its four controls', () => expect(controls).toHaveLength(4))

  // Under the host's rules: a guard that forgets them takes what the pre-check refuses.
  const [ignoresRules] = hostedMutants(setup.hostedMachine, {
    tools: setup.tools,
    clock: setup.clock.now,
    generateId: () => crypto.randomUUID(),
  })
  it(`disagree when the guard is broken: ${ignoresRules?.name}`, () => {
    expect(ignoresRules?.name).toMatch(/ignores the approval rules/)
    const broken = ignoresRules?.build() as AnyStateMachine
    const tally = agreement(setup.machine, broken, { hosted: true })
    expect(tally.disagreements.length).toBeGreaterThan(0)
  })
})
