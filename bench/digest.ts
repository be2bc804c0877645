/**
 * The call digest, hand-written SHA-256 (before) against @noble/hashes (now), on a small
 * `create_task` call: µs per digest, median of several rounds after a warm-up.
 *
 *   npx tsx bench/digest.ts [--rounds 15] [--calls 20000]
 */
import { parseArgs } from 'node:util'
import { handWrittenSha256Hex } from '../test/tools/handWrittenSha256.ts'
import { canonicalJson } from '../tools/canonicalJson.ts'
import { callDigest } from '../tools/digest.ts'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    calls: { type: 'string', default: '20000' },
  },
})
const rounds = Number(values.rounds)
const calls = Number(values.calls)
const args = { title: 'Réviser chapitre 3', importance: 4, due: '2026-12-08', notes: 'pp. 41–58' }

const contenders = {
  'hand-written SHA-256 (before)': () =>
    handWrittenSha256Hex(`create_task\n${canonicalJson(args)}`),
  '@noble/hashes (now)': () => callDigest('create_task', args),
}
if (contenders['hand-written SHA-256 (before)']() !== contenders['@noble/hashes (now)']()) {
  throw new Error('the two digests differ')
}

const samples = new Map<string, number[]>(Object.keys(contenders).map((name) => [name, []]))
for (let round = -3; round < rounds; round += 1) {
  // Interleaved, so drift in the machine's load falls on both alike; the first rounds warm up.
  for (const [name, digest] of Object.entries(contenders)) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < calls; i += 1) digest()
    const micros = Number(process.hrtime.bigint() - start) / 1000 / calls
    if (round >= 0) samples.get(name)?.push(micros)
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
for (const [name, xs] of samples) {
  const sorted = [...xs].sort((a, b) => a - b)
  console.log(
    `${name.padEnd(32)} ${median(xs).toFixed(2)} µs per digest (min ${sorted[0]?.toFixed(2)}, max ${sorted.at(-1)?.toFixed(2)})`,
  )
}
