/**
 * The embedded planner's time per turn: every first turn of the evaluation's phrasings (the
 * planner alone, no runtime), after one warm-up pass that loads the intent model.
 *
 *   npx tsx bench/plannerTurn.ts
 */
import { OfflinePlanner } from '../models/offline/OfflinePlanner.ts'
import { HELD_OUT } from '../test/models/offline/eval/heldout.ts'
import { TUNING } from '../test/models/offline/eval/tuning.ts'
import { createToolRegistry } from '../tools/createToolRegistry.ts'

const planner = new OfflinePlanner({ clock: () => new Date(2026, 11, 1, 10) })
const tools = createToolRegistry().definitions()
const texts = [...HELD_OUT, ...TUNING].map((c) => c.say[0] ?? '')
const turn = (content: string) =>
  planner.complete({
    messages: [{ role: 'user', content }],
    tools,
    signal: new AbortController().signal,
  })

const started = performance.now()
await turn('hello')
const firstTurn = performance.now() - started
for (const text of texts) await turn(text)
// Wall time, and this process's CPU time (what the turn itself costs on a busy shared machine).
const wall: number[] = []
const cpu: number[] = []
for (let round = 0; round < 5; round += 1) {
  for (const text of texts) {
    const t = performance.now()
    const c = process.cpuUsage()
    await turn(text)
    const used = process.cpuUsage(c)
    wall.push(performance.now() - t)
    cpu.push((used.user + used.system) / 1000)
  }
}
const line = (name: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length
  return `${name}: mean ${mean.toFixed(3)} ms, median ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms`
}
console.log(
  `planner turn over ${wall.length} turns (first turn, loading the model: ${firstTurn.toFixed(1)} ms)`,
)
console.log(`  ${line('wall', wall)}`)
console.log(`  ${line('cpu', cpu)}`)
