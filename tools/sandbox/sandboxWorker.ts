import { parentPort } from 'node:worker_threads'
import { discardQuickJS, loadQuickJS, quickJSLoads } from './loadQuickJS.ts'
import { runInQuickJS } from './runInQuickJS.ts'
import type { SandboxJob } from './sandboxTypes.ts'
import type { WorkerReply, WorkerRequest } from './workerProtocol.ts'

// The sandbox's own thread: the host can end it at any moment without harm to itself.
const port = parentPort
if (port === null) throw new Error('sandboxWorker.ts must run as a worker thread')

port.on('message', (request: WorkerRequest) => {
  void handle(request.id, request.job)
})

async function handle(id: number, job: SandboxJob): Promise<void> {
  const reply = (message: WorkerReply) => port?.postMessage(message)
  try {
    const module = await loadQuickJS(job.limits.memoryLimitBytes)
    reply({ id, kind: 'started' })
    const run = runInQuickJS(module, job)
    if (run.moduleBroken) await discardQuickJS(module)
    reply({ id, kind: 'done', outcome: run.outcome, loads: quickJSLoads() })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    reply({
      id,
      kind: 'done',
      outcome: { ok: false, code: 'sandbox_failed', message, output: '' },
      loads: quickJSLoads(),
    })
  }
}
