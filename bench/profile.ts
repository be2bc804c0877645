/**
 * Profiles one contender over its measured runs only and prints where the time (or memory) goes:
 * `tsx profile.ts [contender=studypulse] [scenario=single|steady] [top=30] [--heap]`.
 * Writes `profiles/<scenario>-<contender>.cpuprofile` (or `.heapprofile`, both git-ignored via
 * `profiles/`) and summarises it by function and by package or file, per run.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { summarizeHeapProfile, summarizeProfile } from './lib/summarizeProfile.ts'

const args = process.argv.slice(2)
const heap = args.includes('--heap')
const [contender = 'studypulse', scenario = 'single', top = '30'] = args.filter(
  (a) => !a.startsWith('--'),
)
const dir = join(import.meta.dirname, 'profiles')
mkdirSync(dir, { recursive: true })
const target = join(dir, `${scenario}-${contender}.${heap ? 'heapprofile' : 'cpuprofile'}`)
const options = { warmupMs: 1000, measureMs: heap ? 1500 : 4000, profile: target, heap }
const child = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'child.ts', scenario, contender, JSON.stringify(options)],
  { cwd: import.meta.dirname, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
)
if (child.status !== 0) process.exit(child.status ?? 1)
const result = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
  runs?: number
  cycles?: number
}
console.log(`${contender} ${scenario}: ${child.stdout.trim()}  → ${target}`)
const profile = JSON.parse(readFileSync(target, 'utf8'))
console.log(
  heap
    ? summarizeHeapProfile(profile, Number(top), result.runs)
    : summarizeProfile(profile, Number(top), result.runs),
)
