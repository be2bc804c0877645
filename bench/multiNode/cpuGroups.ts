import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where cgroup v1 mounts its `cpu` controller (root may make groups under it). */
const cpuRoot = '/sys/fs/cgroup/cpu'
// A short period, so a capped node waits at most a few ms for its next share, not 100 ms.
const periodUs = 10_000

/** A CPU cgroup capping the processes put in it at `cores` of the machine. */
export interface CpuGroup {
  readonly name: string
  readonly cores: number
  add(pid: number): void
  /** Times the group was held back for having used its share (`cpu.stat` nr_throttled). */
  throttled(): number
  /** Moves what is left in the group out and removes it. */
  remove(): void
}

/**
 * Makes a cgroup v1 CPU group `name` capped at `cores` (cpu.cfs_quota_us over cpu.cfs_period_us),
 * or says why it cannot (no cgroup v1 `cpu` controller here, or not writable).
 */
export function cpuGroup(name: string, cores: number): CpuGroup | string {
  if (!existsSync(join(cpuRoot, 'cgroup.procs'))) return `no cgroup v1 cpu controller at ${cpuRoot}`
  const dir = join(cpuRoot, name)
  try {
    if (existsSync(dir)) emptyAndRemove(dir)
    mkdirSync(dir)
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(periodUs))
    writeFileSync(
      join(dir, 'cpu.cfs_quota_us'),
      String(Math.max(1000, Math.round(cores * periodUs))),
    )
  } catch (error) {
    return `cannot write ${dir}: ${(error as Error).message}`
  }
  return {
    name,
    cores,
    add: (pid) => writeFileSync(join(dir, 'cgroup.procs'), String(pid)),
    throttled: () => {
      const stat = readFileSync(join(dir, 'cpu.stat'), 'utf8')
      return Number(/nr_throttled (\d+)/.exec(stat)?.[1] ?? 0)
    },
    remove: () => emptyAndRemove(dir),
  }
}

function emptyAndRemove(dir: string): void {
  for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
    try {
      writeFileSync(join(cpuRoot, 'cgroup.procs'), pid)
    } catch {
      // Gone meanwhile.
    }
  }
  rmdirSync(dir)
}

/** Removes groups named `prefix…` a killed bench left behind. */
export function removeStaleGroups(prefix: string): void {
  if (!existsSync(cpuRoot)) return
  for (const entry of readdirSync(cpuRoot)) {
    if (!entry.startsWith(prefix)) continue
    try {
      emptyAndRemove(join(cpuRoot, entry))
    } catch {
      // Left as it is: the bench reports the groups it made, and these are not its own.
    }
  }
}

const ticksPerSecond = 100

/**
 * CPU time in ms of process `pid` and every child it has reaped (utime + stime + cutime + cstime
 * of /proc/<pid>/stat), plus its live children's: for PostgreSQL's postmaster, the whole server,
 * backends that exited included. Undefined where /proc cannot be read.
 */
export function processTreeCpuMs(pid: number): number | undefined {
  const fields = (p: number | string) => {
    const text = readFileSync(`/proc/${p}/stat`, 'utf8')
    // The command name is in parentheses and may hold spaces: fields count from after it.
    return text.slice(text.lastIndexOf(')') + 2).split(' ')
  }
  try {
    const own = fields(pid)
    // After ')': state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
    let ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(own[i] ?? 0), 0)
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const child = fields(entry)
        if (Number(child[1]) === pid) ticks += Number(child[11] ?? 0) + Number(child[12] ?? 0)
      } catch {
        // Exited meanwhile: its time is in the parent's cutime now.
      }
    }
    return (ticks * 1000) / ticksPerSecond
  } catch {
    return undefined
  }
}
