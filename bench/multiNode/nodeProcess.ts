import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import type { CpuGroup } from './cpuGroups.ts'

/** A bench node process (`benchNode.ts`), asked by JSON lines. */
export interface NodeProcess {
  ask(command: object): Promise<Record<string, unknown>>
  /** Resolves with the time the node executed `runId`'s call (at once if it already did). */
  executed(runId: string): Promise<number>
  /** How many times this node executed each run's call. */
  readonly executions: ReadonlyMap<string, number>
  proc: ChildProcess
  /** Ends the node (SIGTERM, so a profiled node writes its profile; SIGKILL if it lingers). */
  stop(): Promise<void>
}

/** The machine's clock in ms, as the nodes report times on it. */
export const now = () => performance.timeOrigin + performance.now()

/** Starts a node, in `group` if given (a capped CPU cgroup), and resolves once it is ready. */
export function startNodeProcess(
  nodeScript: string,
  args: string[],
  group?: CpuGroup,
): Promise<NodeProcess> {
  // BENCH_NODE_FLAGS, e.g. `--cpu-prof`: profiles are written when the row ends its nodes.
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []
  const proc = spawn(process.execPath, [...flags, nodeScript, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  if (group !== undefined && proc.pid !== undefined) group.add(proc.pid)
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  const answers = new Map<
    number,
    { resolve: (answer: Record<string, unknown>) => void; reject: (error: Error) => void }
  >()
  const waiting = new Map<string, (at: number) => void>()
  const times = new Map<string, number>()
  const executions = new Map<string, number>()
  let next = 1
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`a bench node exited (${code})`)))
    const node: NodeProcess = {
      proc,
      executions,
      ask: (command) =>
        new Promise((resolve, fail) => {
          const id = next++
          answers.set(id, { resolve, reject: fail })
          proc.stdin?.write(`${JSON.stringify({ ...command, id })}\n`)
        }),
      executed: (runId) =>
        new Promise((done) => {
          const at = times.get(runId)
          if (at !== undefined) done(at)
          else waiting.set(runId, done)
        }),
      async stop() {
        // (The start's own exit listener rejects a promise settled long ago: harmless.)
        if (proc.exitCode === null && proc.signalCode === null) {
          proc.kill('SIGTERM')
          const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000)
          await exited
          clearTimeout(timer)
        }
      },
    }
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>
      if (message.ready) return resolve(node)
      // A refused command fails the measurement that asked it (the bench then reports it).
      if (message.error) {
        answers.get(message.id as number)?.reject(new Error(String(message.error)))
        return
      }
      if (typeof message.executed === 'string') {
        const runId = message.executed
        const at = message.at as number
        executions.set(runId, (executions.get(runId) ?? 0) + 1)
        if (!times.has(runId)) times.set(runId, at)
        waiting.get(runId)?.(at)
        waiting.delete(runId)
        return
      }
      answers.get(message.id as number)?.resolve(message)
    })
  })
}

/** Busy and total jiffies of the whole machine, from /proc/stat (Linux). */
export function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1)
  const ticks = (fields ?? []).map(Number)
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
  const total = ticks.reduce((a, b) => a + b, 0)
  return { busy: total - idle, total }
}
