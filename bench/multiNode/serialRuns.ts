import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type NodeProcess, now } from './nodeProcess.ts'

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const ms = (value: number) => Math.round(value * 100) / 100

/**
 * One confirmed run at a time at one node, from its start to its executed call: the run's own
 * wall time, with nothing else queued beside it (so no commit shares another's flush). Returns
 * the median in ms.
 */
export async function serialRuns(node: NodeProcess, runs: number): Promise<number> {
  const walls: number[] = []
  for (let k = 0; k < runs; k++) {
    const t0 = now()
    const card = (await node.ask({ op: 'start', title: `serial-${k}` })) as unknown as {
      runId: string
      confirmationId: string
      digest: string
    }
    const executed = node.executed(card.runId)
    await node.ask({ op: 'decide', ...card })
    await executed
    walls.push(now() - t0)
  }
  // The run's last save after the call is not waited for: it rests in the settle that follows.
  await node.ask({ op: 'settle' })
  return ms(median(walls))
}

/**
 * The disk's floor for a confirmed call, as bench/run.ts measures it for the folder store: two
 * appends, each flushed (`fdatasync`), the decision and then the effect, in a folder on the
 * machine's temporary disk. The median over `rounds`, in ms.
 */
export function diskFloorMs(rounds = 200): number {
  const dir = mkdtempSync(join(tmpdir(), 'sp-bench-floor-'))
  const fd = openSync(join(dir, 'log'), 'a')
  const line = Buffer.from(`${JSON.stringify({ decision: 'allow', at: new Date() })}\n`)
  const pairs: number[] = []
  try {
    for (let i = 0; i < rounds; i++) {
      const t0 = now()
      for (let k = 0; k < 2; k++) {
        writeSync(fd, line)
        fdatasyncSync(fd)
      }
      pairs.push(now() - t0)
    }
  } finally {
    closeSync(fd)
    rmSync(dir, { recursive: true, force: true })
  }
  return ms(median(pairs))
}
