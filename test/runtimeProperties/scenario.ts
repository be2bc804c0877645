import fc from 'fast-check'

/** The two runs every scenario drives side by side on one runtime. */
export const runLabels = ['A', 'B'] as const

/** Which of the two runs. */
export type RunLabel = (typeof runLabels)[number]

/** What one proposed tool call is: a real StudyPulse tool, the execute test double, or a bad call. */
export type CallKind =
  | 'create_task'
  | 'write_memory'
  | 'save_artifact'
  | 'delete_task'
  | 'run_command'
  | 'list_tasks'
  | 'search_workspace'
  | 'invalid_arguments'
  | 'unknown_tool'

/** One model turn of a script: a final answer, a model failure, or tool calls of these kinds. */
export type TurnPlan = 'answer' | 'model_error' | readonly CallKind[]

/** Which confirmation id a decision carries. */
export type IdChoice = 'pending' | 'wrong' | 'stale' | 'other_run'

/**
 * One thing the user does, to one run; `settle` waits until both runs rest before going on.
 * `change`: someone else (another window, process or device) changes what the run's open card
 * shows, between the card and the decision.
 */
export type Step =
  | { run: RunLabel; act: 'allow' | 'deny'; id: IdChoice; settle: boolean }
  | { run: RunLabel; act: 'input' | 'cancel' | 'change'; settle: boolean }

/** A generated case: what the model says in each run, and what the user does meanwhile. */
export interface Scenario {
  scripts: Record<RunLabel, readonly TurnPlan[]>
  steps: readonly Step[]
  /** Whether the runtime saves runs, its intent journal and audit log in the workspace. */
  durable: boolean
}

/** A step as a counterexample shows it, e.g. `A allow pending` or `B cancel (no wait)`. */
export function describeStep(step: Step): string {
  const what = step.act === 'allow' || step.act === 'deny' ? `${step.act} ${step.id}` : step.act
  return `${step.run} ${what}${step.settle ? '' : ' (no wait)'}`
}

/** A turn as a counterexample shows it, e.g. `calls(create_task, list_tasks)`. */
export function describeTurn(turn: TurnPlan): string {
  return typeof turn === 'string' ? turn : `calls(${turn.join(', ')})`
}

// Printable values keep shrunk counterexamples one short line per step.
function printable<T extends object>(value: T, text: string): T {
  return Object.defineProperty(value, fc.toStringMethod, { value: () => text, enumerable: false })
}

const callKind: fc.Arbitrary<CallKind> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('create_task', 'write_memory', 'save_artifact') },
  { weight: 2, arbitrary: fc.constantFrom('delete_task', 'run_command') },
  { weight: 2, arbitrary: fc.constantFrom('list_tasks', 'search_workspace') },
  { weight: 1, arbitrary: fc.constantFrom('invalid_arguments', 'unknown_tool') },
)

const turnPlan: fc.Arbitrary<TurnPlan> = fc
  .oneof(
    { weight: 6, arbitrary: fc.array(callKind, { minLength: 1, maxLength: 3 }) },
    { weight: 2, arbitrary: fc.constant('answer' as const) },
    { weight: 1, arbitrary: fc.constant('model_error' as const) },
  )
  .map((turn) => (typeof turn === 'string' ? turn : printable([...turn], describeTurn(turn))))

const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('pending' as const) },
  { weight: 1, arbitrary: fc.constantFrom('wrong', 'stale', 'other_run') },
)

const run = fc.constantFrom(...runLabels)
const mostlySettle = fc.oneof(
  { weight: 2, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
)
// Half the decisions are followed at once by the next step, so it meets the run busy executing.
const decision = fc.record({
  run,
  act: fc.constantFrom('allow' as const, 'deny' as const),
  id: idChoice,
  settle: fc.boolean(),
})
const other = fc.record({
  run,
  act: fc.constantFrom('input' as const, 'cancel' as const, 'change' as const),
  settle: mostlySettle,
})
const step: fc.Arbitrary<Step> = fc
  .oneof({ weight: 2, arbitrary: decision }, { weight: 1, arbitrary: other })
  .map((value: Step) => printable({ ...value }, describeStep(value)))

/** Random scenarios: up to five model turns per run and up to sixteen user steps. */
export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  scripts: fc.record({
    A: fc.array(turnPlan, { maxLength: 5, size: 'max' }),
    B: fc.array(turnPlan, { maxLength: 5, size: 'max' }),
  }),
  steps: fc.array(step, { maxLength: 16, size: 'max' }),
  // Saving every transition costs file writes: one scenario in three takes the durable path.
  durable: fc.oneof(
    { weight: 2, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
})
