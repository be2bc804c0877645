import { machineTicks, type NodeProcess, now } from './nodeProcess.ts'

/** What the two load phases are told. */
export interface PhaseOptions {
  /** Runs in each phase. */
  runs: number
  /** Simulated users in the throughput phase, the same for every row. */
  users: number
  /** Decisions per second in the latency phase, the same for every row. */
  ratePerSecond: number
}

interface Card {
  runId: string
  confirmationId: string
  digest: string
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => Math.round(value * 10) / 10
const pick = (nodes: NodeProcess[]) =>
  nodes[Math.floor(Math.random() * nodes.length)] as NodeProcess

// A user on the page a node serves: it shows the run, then allows the card.
async function decideAt(node: NodeProcess, card: Card) {
  await node.ask({ op: 'show', runId: card.runId })
  return node.ask({ op: 'decide', ...card })
}

// Throughput: closed loop, `users` users each starting a run, allowing it and waiting for it.
/** Throughput phase: closed loop, `users` users each starting a run, allowing it, waiting. */
export async function throughput(
  nodes: NodeProcess[],
  options: PhaseOptions,
  postgresCpuMs: () => number | undefined,
) {
  let started = 0
  const latencies: number[] = []
  const cpuBefore = await Promise.all(nodes.map((n) => n.ask({ op: 'cpu' })))
  const ticksBefore = machineTicks()
  const pgBefore = postgresCpuMs()
  const t0 = now()
  await Promise.all(
    Array.from({ length: options.users }, async () => {
      while (started < options.runs) {
        const k = started++
        const owner = nodes[k % nodes.length] as NodeProcess
        const card = (await owner.ask({ op: 'start', title: `load-${k}` })) as unknown as Card
        const executed = owner.executed(card.runId)
        const { at } = await decideAt(pick(nodes), card)
        latencies.push((await executed) - (at as number))
      }
    }),
  )
  const seconds = (now() - t0) / 1000
  const pgAfter = postgresCpuMs()
  const ticksAfter = machineTicks()
  const cpuAfter = await Promise.all(nodes.map((n) => n.ask({ op: 'cpu' })))
  const nodesCpuMs = cpuAfter.reduce(
    (sum, after, i) => sum + (after.cpuMs as number) - (cpuBefore[i]?.cpuMs as number),
    0,
  )
  const pgMs = pgBefore === undefined || pgAfter === undefined ? undefined : pgAfter - pgBefore
  const cores = (ticksAfter.total - ticksBefore.total) / (seconds * 100) || 1
  return {
    executed: latencies.length,
    runsPerSecond: Math.round(options.runs / seconds),
    nodesCpuPercent: Math.round(nodesCpuMs / seconds / 10),
    nodeCpuMsPerRun: ms(nodesCpuMs / options.runs),
    ...(pgMs !== undefined && {
      postgresCpuPercent: Math.round(pgMs / seconds / 10),
      postgresCpuMsPerRun: ms(pgMs / options.runs),
    }),
    machineCpuPercent: Math.round(
      ((ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total)) * cores * 100,
    ),
    saturatedP50Ms: ms(quantile(latencies, 0.5)),
    saturatedP99Ms: ms(quantile(latencies, 0.99)),
  }
}

// Latency: open loop, cards waiting first, then one decision every 1/rate s at a random node.
/** Latency phase: open loop, cards waiting first, then one decision every 1/rate s. */
export async function latency(nodes: NodeProcess[], options: PhaseOptions) {
  const cards = await Promise.all(
    Array.from({ length: options.runs }, async (_, k) => {
      const owner = nodes[k % nodes.length] as NodeProcess
      const card = (await owner.ask({ op: 'start', title: `rate-${k}` })) as unknown as Card
      // The node the user's page is served by has shown the card before the click.
      const decider = pick(nodes)
      await decider.ask({ op: 'show', runId: card.runId })
      return { card, owner, decider }
    }),
  )
  const gapMs = 1000 / options.ratePerSecond
  const t0 = now()
  const latencies = await Promise.all(
    cards.map(async ({ card, owner, decider }, k) => {
      // Sent on schedule whatever the earlier ones are doing: the load does not ease when slow.
      const due = t0 + k * gapMs
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now())))
      const executed = owner.executed(card.runId)
      const { at } = await decider.ask({ op: 'decide', ...card })
      return (await executed) - (at as number)
    }),
  )
  return { p50Ms: ms(quantile(latencies, 0.5)), p99Ms: ms(quantile(latencies, 0.99)) }
}
