import { getAdjacencyMap, getSimplePaths } from '@xstate/graph'
import { type AnyStateMachine, createActor, createEmptyActor } from 'xstate'
import { effectTags, type RunEffect } from '../../../machines/agentRunMachine.ts'
import type { AgentRunContext } from '../../../machines/agentRunTypes.ts'
import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import { runAlphabet } from './alphabet.ts'
import { CoverageRecorder, machineInventory } from './coverage.ts'
import type { AlphabetWorld } from './decisionAlphabet.ts'
import { checkInitialEffects } from './effectChecks.ts'
import type { ExplorerClock } from './explorerClock.ts'
import type {
  EffectRun,
  ExplorerEvent,
  ExplorerInput,
  InvariantContext,
  RunSnapshot,
  RunStep,
} from './explorerTypes.ts'
import type { HostedSpec } from './hosted.ts'
import { invariants as allInvariants, type Invariant } from './invariants.ts'
import { advanceLedger, emptyLedger, type Ledger } from './ledger.ts'
import { runStateKey } from './stateKey.ts'

/** What to explore: a machine (the real one or a mutant), its input and the world around it. */
export interface ExplorerOptions {
  machine: AnyStateMachine
  input: ExplorerInput
  registry: Pick<ToolRegistry, 'permissionOf'>
  world: AlphabetWorld
  /** The clock the machine reads; the explorer sets it for each step (`ExplorerEvent.at`). */
  clock: ExplorerClock
  /** The events offered in a snapshot (default: `runAlphabet`). */
  alphabet?: (snapshot: RunSnapshot, world: AlphabetWorld) => ExplorerEvent[]
  /** Told of every step of the breadth-first walk (every edge from every abstract state once). */
  observe?: (step: RunStep) => void
  invariants?: readonly Invariant[]
  /** Stop at the first violation (mutant runs); default false. */
  stopAtFirst?: boolean
  /** Skip the simple-path pass (mutant runs need only one counterexample). */
  edgesOnly?: boolean
  /** The invariants' account of the host's approval rules the machine runs under (hosted runs). */
  hosted?: HostedSpec
}

/** A broken invariant, with the event labels of the path that breaks it. */
export interface Violation {
  invariant: string
  message: string
  path: string[]
}

/** Covered and all items of one kind, and the missing ones. */
export interface CoverageCount {
  covered: number
  all: number
  missing: string[]
}

/** What the explorer found. */
export interface ExplorationReport {
  vertices: number
  edges: number
  simplePaths: number
  /** Distinct steps replayed for the simple paths (shared prefixes once). */
  simplePathSteps: number
  violations: Violation[]
  /** Adjacency-map keys and edges that the concrete breadth-first walk did not reproduce. */
  abstractionMismatches: string[]
  coverage: { states: CoverageCount; transitions: CoverageCount }
}

class StopExploring extends Error {}

// The effects the chart names, as its tags list them.
const effectNames: ReadonlySet<string> = new Set(Object.values(effectTags))

type Trie = Map<string, Trie>

/** Explores every edge (breadth-first) and every simple path of the run statechart, checking invariants. */
export function exploreRun(options: ExplorerOptions): ExplorationReport {
  const { machine, input, registry, world, clock } = options
  const alphabet = options.alphabet ?? runAlphabet
  const checks = options.invariants ?? allInvariants
  const coverage = new CoverageRecorder()
  const violations: Violation[] = []
  // biome-ignore lint/suspicious/noExplicitAny: microstep transitions of any machine variant
  let microsteps: any[] = []
  let logged: AgentEvent[] = []
  let effects: EffectRun[] = []
  const self = createEmptyActor()
  self.system.inspect((e) => {
    if (e.type === '@xstate.microstep')
      microsteps.push(...(e as unknown as { _transitions: [] })._transitions)
  })
  const scope = {
    self,
    system: self.system,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    emit: () => {},
    // Nothing is executed while exploring: the log and the effects the step names are recorded,
    // and the explorer itself sends what the effects would answer.
    actionExecutor: (action: {
      type: string
      info: { context: AgentRunContext }
      params?: { event?: { events?: AgentEvent[] } }
    }) => {
      if (action.type === 'xstate.emit') logged.push(...(action.params?.event?.events ?? []))
      if (effectNames.has(action.type))
        effects.push({ type: action.type as RunEffect, context: action.info.context })
    },
  }
  // biome-ignore lint/suspicious/noExplicitAny: the scope is a plain inert actor scope
  const inertScope = scope as any
  const step = (before: RunSnapshot, event: ExplorerEvent, record = true): RunStep => {
    microsteps = []
    logged = []
    effects = []
    const at = event.at ?? clock.base
    const after = clock.during(at, () =>
      machine.transition(before, event, inertScope),
    ) as RunSnapshot
    const result = { before, event, after, at, logged, effects, transitions: microsteps }
    if (record) for (const t of microsteps) coverage.take([t])
    return result
  }
  // The machine as @xstate/graph sees it: each transition at the time of its event.
  const timedLogic = {
    // biome-ignore lint/suspicious/noExplicitAny: the logic's scope and input are per machine
    getInitialSnapshot: (actorScope: any, given: any) =>
      machine.getInitialSnapshot(actorScope, given),
    // biome-ignore lint/suspicious/noExplicitAny: as above
    transition: (snapshot: RunSnapshot, event: ExplorerEvent, actorScope: any) =>
      clock.during(event.at, () => machine.transition(snapshot, event, actorScope)),
  }
  const context: InvariantContext = {
    registry,
    ...(options.hosted !== undefined && { hosted: options.hosted }),
    probe: (s, e) => step(s, e, false),
  }
  const check = (s: RunStep, ledger: Ledger, path: string[]): Ledger => {
    const next = advanceLedger(ledger, s)
    for (const invariant of checks) {
      const message = invariant.check(s, ledger, next, context)
      if (message === undefined) continue
      violations.push({ invariant: invariant.id, message, path })
      if (options.stopAtFirst) throw new StopExploring()
    }
    return next
  }
  effects = []
  const initial = clock.during(undefined, () =>
    machine.getInitialSnapshot(inertScope, input),
  ) as RunSnapshot
  coverage.visit(initial._nodes)
  const eventsOf = (s: RunSnapshot): ExplorerEvent[] =>
    // A finished actor is stopped: XState delivers nothing to it (checked by probeFinal below).
    s.status === 'active' ? alphabet(s, world) : []
  const labelled = (s: RunSnapshot, label: string): ExplorerEvent => {
    const event = eventsOf(s).find((e) => e.label === label)
    if (event === undefined) throw new Error(`no "${label}" is offered in ${String(s.value)}`)
    return event
  }

  let vertices = 0
  let edges = 0
  let simplePaths = 0
  let simplePathSteps = 0
  const abstractionMismatches: string[] = []
  try {
    const initialViolation = checkInitialEffects(effects, initial)
    if (initialViolation !== undefined) {
      violations.push({ invariant: 'I7', message: initialViolation, path: [] })
      if (options.stopAtFirst) throw new StopExploring()
    }
    // 1. Every edge, from a concrete breadth-first walk that carries the ledger of its path.
    const seen = new Map<string, Record<string, string>>()
    const queue: { snapshot: RunSnapshot; ledger: Ledger; path: string[] }[] = [
      { snapshot: initial, ledger: emptyLedger, path: [] },
    ]
    seen.set(runStateKey(initial), {})
    while (queue.length > 0) {
      const { snapshot, ledger, path } = queue.shift() as (typeof queue)[number]
      const out = seen.get(runStateKey(snapshot)) as Record<string, string>
      if (snapshot.status !== 'active') probeFinal(snapshot, ledger, path)
      for (const event of eventsOf(snapshot)) {
        const s = step(snapshot, event)
        options.observe?.(s)
        const here = [...path, event.label]
        const nextLedger = check(s, ledger, here)
        const key = runStateKey(s.after)
        out[event.label] = key
        edges += 1
        if (seen.has(key)) continue
        seen.set(key, {})
        queue.push({ snapshot: s.after, ledger: nextLedger, path: here })
      }
    }
    vertices = seen.size

    // 2. The same graph from @xstate/graph; the concrete walk must reproduce it exactly.
    const traversal = {
      fromState: initial,
      events: eventsOf,
      serializeState: runStateKey,
      serializeEvent: (e: ExplorerEvent) => e.label,
    }
    // biome-ignore lint/suspicious/noExplicitAny: @xstate/graph's option types are per-logic
    const adjacency = getAdjacencyMap(timedLogic as any, traversal as any)
    for (const [key, { transitions }] of Object.entries(adjacency)) {
      const walked = seen.get(key)
      if (walked === undefined) {
        abstractionMismatches.push(`state not walked: ${key}`)
        continue
      }
      for (const [label, target] of Object.entries(transitions)) {
        if (walked[label] !== runStateKey((target as { state: RunSnapshot }).state))
          abstractionMismatches.push(`${key} --${label}--> differs`)
      }
    }
    if (Object.keys(adjacency).length !== seen.size)
      abstractionMismatches.push(
        `${Object.keys(adjacency).length} adjacency states, ${seen.size} walked`,
      )

    // 3. Every simple path, replayed concretely from the start so each step has its true history.
    // Paths share prefixes; a trie replays each distinct prefix once.
    if (!options.edgesOnly) {
      const trie: Trie = new Map()
      // biome-ignore lint/suspicious/noExplicitAny: as above
      for (const path of getSimplePaths(timedLogic as any, traversal as any)) {
        simplePaths += 1
        let node = trie
        for (const s of path.steps.slice(1)) {
          const label = (s.event as ExplorerEvent).label
          const child = node.get(label) ?? new Map()
          node.set(label, child)
          node = child
        }
      }
      const replay = (node: Trie, snapshot: RunSnapshot, ledger: Ledger, path: string[]) => {
        for (const [label, child] of node) {
          const s = step(snapshot, labelled(snapshot, label))
          const here = [...path, label]
          simplePathSteps += 1
          replay(child, s.after, check(s, ledger, here), here)
        }
      }
      replay(trie, initial, emptyLedger, [])
    }
  } catch (error) {
    if (!(error instanceof StopExploring)) throw error
  }

  function probeFinal(snapshot: RunSnapshot, ledger: Ledger, path: string[]) {
    // A real actor restored in the final state, sent everything a user could still send.
    const actor = createActor(machine, { snapshot: machine.getPersistedSnapshot(snapshot), input })
    actor.start()
    const { runId } = snapshot.context
    const probes: ExplorerEvent[] = [
      ...alphabet(snapshot, world),
      ...ledger.order.flatMap((id): ExplorerEvent[] => {
        const card = { runId, confirmationId: id, digest: ledger.issued.get(id)?.digest ?? '' }
        return [
          {
            type: 'CONFIRM',
            decision: { ...card, decision: 'allow', by: { kind: 'user' } },
            label: `CONFIRM ${id}`,
          },
          {
            type: 'DENY',
            decision: { ...card, decision: 'deny', by: { kind: 'user' } },
            label: `DENY ${id}`,
          },
        ]
      }),
    ]
    // XState warns on every event sent to a stopped actor; that refusal is what is checked here.
    const warn = console.warn
    console.warn = () => {}
    try {
      sendAll(actor, probes, snapshot, path)
    } finally {
      console.warn = warn
      actor.stop()
    }
  }

  function sendAll(
    actor: { send(event: never): void; getSnapshot(): unknown },
    probes: ExplorerEvent[],
    snapshot: RunSnapshot,
    path: string[],
  ) {
    for (const event of probes) {
      clock.during(event.at, () => actor.send(event as never))
      const now = actor.getSnapshot() as RunSnapshot
      if (now.value !== snapshot.value || now.context.lastSeq !== snapshot.context.lastSeq) {
        violations.push({
          invariant: 'I4',
          message: `final ${String(snapshot.value)} changed on ${event.label}`,
          path: [...path, event.label],
        })
        if (options.stopAtFirst) throw new StopExploring()
        break
      }
    }
  }

  const inventory = machineInventory(machine)
  const count = (all: string[], covered: Set<string>): CoverageCount => ({
    covered: all.filter((x) => covered.has(x)).length,
    all: all.length,
    missing: all.filter((x) => !covered.has(x)),
  })
  return {
    vertices,
    edges,
    simplePaths,
    simplePathSteps,
    violations,
    abstractionMismatches,
    coverage: {
      states: count(inventory.states, coverage.states),
      transitions: count(inventory.transitions, coverage.transitions),
    },
  }
}
