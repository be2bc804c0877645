import pg from 'pg'
import { type NodeProcess, now, startNodeProcess } from './nodeProcess.ts'

/** What the SIGKILL check found. */
export interface KillResult {
  cards: number
  nodes: number
  leaseMs: number
  /** From the SIGKILL to the last of the cards executed at another node. */
  answeredMs: number
  /** From the SIGKILL to the last decision taken (stored) at another node. */
  decidedMs: number
  /** From the SIGKILL to the first card executed at another node. */
  firstExecutedMs: number
  /** Cards allowed at another node and executed there. */
  executed: number
  /** Cards whose call the surviving nodes reported executed more than once. */
  executedTwice: number
  /** Tasks the cards made, and how many titles are missing or there twice. */
  tasks: number
  missingTasks: number
  duplicateTasks: number
  /** Decisions another node refused (each one is a card that was not answerable). */
  refused: number
}

/**
 * Issue 21's check: `nodes` nodes on one database, `cards` open cards all owned by the first; it
 * is SIGKILLed, and at once every card is allowed at one of the others. Every decision must be
 * taken there within the lease plus 2 s of the kill, and each card execute once at a surviving
 * node (the run's new owner, once its lease ran out); when the last did is reported too.
 */
export async function killCheck(
  nodeScript: string,
  url: string,
  options: { cards: number; nodes: number; leaseMs: number },
): Promise<KillResult> {
  const nodes = await Promise.all(
    Array.from({ length: options.nodes }, (_, i) =>
      startNodeProcess(nodeScript, ['postgres', url, `kill-node-${i}`, String(options.leaseMs)]),
    ),
  )
  const [victim, ...survivors] = nodes as [NodeProcess, ...NodeProcess[]]
  try {
    const cards = await Promise.all(
      Array.from({ length: options.cards }, async (_, k) => {
        const card = await victim.ask({ op: 'start', title: `kill-${k}` })
        return card as { runId: string; confirmationId: string; digest: string }
      }),
    )
    victim.proc.kill('SIGKILL')
    const killedAt = now()
    let refused = 0
    let lastDecided = killedAt
    const times = await Promise.all(
      cards.map(async (card, k) => {
        const executed = Promise.race(survivors.map((node) => node.executed(card.runId)))
        const decider = survivors[k % survivors.length] as NodeProcess
        try {
          await decider.ask({ op: 'decide', ...card })
          lastDecided = Math.max(lastDecided, now())
        } catch {
          refused += 1
          return undefined
        }
        return executed
      }),
    )
    const done = times.filter((t): t is number => t !== undefined)
    const executedTwice = cards.filter(
      (card) => survivors.reduce((n, node) => n + (node.executions.get(card.runId) ?? 0), 0) > 1,
    ).length
    const counts = await taskCounts(url)
    const titles = cards.map((_, k) => `kill-${k}`)
    return {
      cards: options.cards,
      nodes: options.nodes,
      leaseMs: options.leaseMs,
      answeredMs: Math.round(Math.max(...done) - killedAt),
      decidedMs: Math.round(lastDecided - killedAt),
      firstExecutedMs: Math.round(Math.min(...done) - killedAt),
      executed: done.length,
      executedTwice,
      tasks: [...counts.values()].reduce((a, b) => a + b, 0),
      missingTasks: titles.filter((title) => !counts.has(title)).length,
      duplicateTasks: [...counts.values()].filter((n) => n > 1).length,
      refused,
    }
  } finally {
    await Promise.all(nodes.map((node) => node.stop()))
  }
}

async function taskCounts(url: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ title: string; n: number }>(
      `SELECT task->>'title' AS title, count(*)::integer AS n FROM studypulse.tasks
       WHERE task->>'title' LIKE 'kill-%' GROUP BY 1`,
    )
    return new Map(rows.map((r) => [r.title, r.n]))
  } finally {
    await client.end()
  }
}
