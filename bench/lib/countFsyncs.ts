import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** What `strace` saw of one durable contender's timed runs. */
export interface FsyncCount {
  /** fsync and fdatasync calls made inside the timed parts, every thread counted. */
  fsyncs: number
  /** Timed runs seen (each a begin/end pair around start and another around approve). */
  runs: number
}

/** Whether `strace` can run here (it is not installed everywhere, nor allowed in every container). */
export function straceWorks(): boolean {
  return spawnSync('strace', ['-f', '-qq', '-e', 'trace=none', 'true']).status === 0
}

/**
 * Runs one durable child under `strace -f` and counts the fsync and fdatasync calls between the
 * child's marks (a look-up of `/studypulse-fsync-mark-begin` / `-end`, see bench/child.ts), so the
 * untimed checks and resets between runs are left out. `args` is the child's node command line.
 */
export function countFsyncs(args: string[], cwd: string): FsyncCount {
  const dir = mkdtempSync(join(tmpdir(), 'studypulse-strace-'))
  const out = join(dir, 'trace.txt')
  try {
    const traced = spawnSync(
      'strace',
      [
        '-f',
        '-qq',
        '-o',
        out,
        '-e',
        'trace=fsync,fdatasync,access,faccessat,faccessat2',
        process.execPath,
        ...args,
      ],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    if (traced.status !== 0) throw new Error(`strace child failed: ${traced.stderr.slice(-2000)}`)
    let inside = false
    let fsyncs = 0
    let pairs = 0
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      if (line.includes('studypulse-fsync-mark-begin')) inside = true
      else if (line.includes('studypulse-fsync-mark-end')) {
        inside = false
        pairs++
      } else if (inside && /\b(fsync|fdatasync)\(/.test(line)) fsyncs++
    }
    // Two marked parts per run: the run up to its card, and the approval to the end.
    return { fsyncs, runs: pairs / 2 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
