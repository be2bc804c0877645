import type { Scenario, Step } from './scenario.ts'

const decide = (
  run: 'A' | 'B',
  act: 'allow' | 'deny',
  id: 'pending' | 'wrong' | 'stale' | 'other_run',
  settle = true,
): Step => ({ run, act, id, settle })

/**
 * Hand-written scenarios fast-check plays before the random ones, so every situation the rule is
 * about (rare ones too, like a cancel while a tool runs) is reached in every test run.
 */
export const pinnedScenarios: readonly Scenario[] = [
  {
    // Allow, then stop at once while the tool runs; then try the used id and another run's id.
    scripts: { A: [['create_task', 'write_memory']], B: [['run_command']] },
    steps: [
      decide('A', 'allow', 'pending', false),
      { run: 'A', act: 'cancel', settle: true },
      decide('A', 'allow', 'stale'),
      decide('B', 'allow', 'other_run'),
      decide('B', 'deny', 'wrong'),
      decide('B', 'deny', 'pending'),
      { run: 'B', act: 'input', settle: true },
    ],
    durable: true,
  },
  {
    // Several calls in one turn, mixed decisions, a read call, bad calls, a model failure, and a
    // card dropped by a cancel.
    scripts: {
      A: [
        ['delete_task', 'list_tasks', 'save_artifact'],
        ['unknown_tool', 'invalid_arguments'],
        'answer',
        'model_error',
      ],
      B: ['answer', ['write_memory'], ['run_command']],
    },
    steps: [
      decide('A', 'deny', 'pending'),
      decide('A', 'allow', 'stale'),
      decide('A', 'allow', 'pending'),
      decide('B', 'allow', 'pending'),
      { run: 'B', act: 'input', settle: true },
      decide('B', 'allow', 'pending', false),
      { run: 'B', act: 'input', settle: false },
      { run: 'A', act: 'input', settle: true },
      { run: 'B', act: 'cancel', settle: true },
    ],
    durable: false,
  },
  {
    // What a card showed changes before the allow (another window): a delete and a new note
    // write nothing and the model hears target_changed; a denied changed card is just denied.
    scripts: { A: [['delete_task'], ['save_artifact']], B: [['save_artifact']] },
    steps: [
      { run: 'A', act: 'change', settle: true },
      decide('A', 'allow', 'pending'),
      { run: 'A', act: 'change', settle: true },
      decide('A', 'allow', 'pending'),
      { run: 'B', act: 'change', settle: true },
      decide('B', 'deny', 'pending'),
    ],
    durable: true,
  },
]
