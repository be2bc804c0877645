// A child process for the server soak (run with --expose-gc): creates and ends runs over HTTP in
// batches and prints, as one JSON line, the heap after GC and the open file descriptors after a
// warm-up and at the end.
import { readdir } from 'node:fs/promises'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { rawRequest, startIn } from './appHarness.ts'

const [dir = '', totalText = '1000', warmText = '200'] = process.argv.slice(2)
const total = Number(totalText)
const warm = Number(warmText)
const batch = 25
const h = await startIn(dir)

async function call(method: string, path: string, body?: unknown) {
  const res = await rawRequest(h.server.port, {
    method,
    path,
    headers: h.pageHeaders(),
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`)
  return res.json()
}

async function oneRun(): Promise<void> {
  const { runId } = (await call('POST', '/api/runs', { input: 'what are my tasks' })) as {
    runId: string
  }
  await waitForRun(h.runtime, runId, 'awaitingInput', { timeoutMs: 30_000 })
  await call('POST', `/api/runs/${runId}/cancel`, {})
}

async function measure() {
  await h.runtime.flush()
  // Let released runs' last saves and closed sockets settle before measuring.
  await new Promise((resolve) => setImmediate(resolve))
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('run with --expose-gc')
  for (let i = 0; i < 3; i++) gc()
  return {
    heapUsed: process.memoryUsage().heapUsed,
    fds: (await readdir('/proc/self/fd')).length,
    inMemory: h.runtime.runIds().length,
  }
}

let done = 0
const runBatch = async (until: number) => {
  while (done < until) {
    const n = Math.min(batch, until - done)
    await Promise.all(Array.from({ length: n }, oneRun))
    done += n
  }
}
await runBatch(warm)
const baseline = await measure()
await runBatch(total)
const end = await measure()
await h.server.close()
await h.runtime.flush()
process.stdout.write(`${JSON.stringify({ runs: done, baseline, end })}\n`)
process.exit(0)
