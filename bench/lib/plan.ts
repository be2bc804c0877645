/** A scenario of the benchmark: which contenders, how many blocks, and what each child is told. */
export interface ScenarioPlan {
  name: 'single' | 'alloc' | 'steady' | 'waiting' | 'durable' | 'burst' | 'long' | 'race'
  title: string
  contenders: string[]
  blocks: number
  options: Record<string, number>
  /** Extra node flags for the child (GC control for memory measurements). */
  nodeFlags: string[]
}

const peers = ['ai-sdk', 'openai-agents', 'openai-agents+state', 'langgraph']
// Minimal XState v5 machines doing the same steps: what the engine itself costs (see the report).
const floors = ['xstate-floor', 'xstate-floor-no-children', 'xstate-shape']

/** The full benchmark; `blocks` applies to the timing scenarios (memory ones need fewer). */
export function plan(blocks: number): ScenarioPlan[] {
  const few = Math.min(blocks, 3)
  return [
    {
      name: 'single',
      title: 'Single run (propose → validate → approve → execute → answer)',
      contenders: ['plain-loop', 'studypulse', ...peers, ...floors],
      blocks,
      options: { warmupMs: 400, measureMs: 1200, minRuns: 20 },
      nodeFlags: [],
    },
    {
      name: 'alloc',
      title: 'Bytes allocated per single run',
      contenders: ['plain-loop', 'studypulse', ...peers, ...floors],
      blocks: few,
      options: { warmupMs: 300 },
      nodeFlags: ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'],
    },
    {
      name: 'steady',
      title: 'Steady state: 100 approved tool calls in one long-lived run',
      contenders: ['plain-loop', 'studypulse', 'xstate-shape'],
      blocks,
      options: { cycles: 100, warmupMs: 400, measureMs: 1500, minRuns: 5 },
      nodeFlags: [],
    },
    {
      name: 'waiting',
      title: 'Runs waiting for confirmation at once: retained heap per run',
      contenders: ['plain-loop', 'studypulse', ...peers, ...floors],
      blocks: few,
      options: { count: 10_000, peerCount: 1_000 },
      nodeFlags: ['--expose-gc'],
    },
    {
      name: 'durable',
      title: 'Durable path: confirmed create_task into a real workspace (fsync)',
      contenders: ['two-fsynced-appends', 'atomic-write', 'studypulse-durable'],
      blocks,
      options: { warmupRuns: 20, measureMs: 1200, minRuns: 30 },
      nodeFlags: [],
    },
    {
      name: 'burst',
      title: 'Event loop during 50 concurrent confirmed runs on the folder default (real disk)',
      contenders: ['studypulse-durable'],
      blocks: few,
      options: { runs: 50, bursts: 5 },
      nodeFlags: [],
    },
    {
      name: 'long',
      title: 'Long conversation: 50 turns, each answer streamed as 2,000 deltas, real workspace',
      contenders: ['studypulse'],
      blocks: few,
      options: { turns: 50, deltas: 2000 },
      nodeFlags: [],
    },
    {
      name: 'race',
      title: 'Two processes, one workspace, racing to allow the same 1,000 cards',
      contenders: ['studypulse'],
      // One block: it is a correctness count (and takes a minute), not a timing.
      blocks: 1,
      options: { cards: 1000, timeoutMs: 240_000 },
      nodeFlags: [],
    },
  ]
}
