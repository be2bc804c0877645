import { request } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { storedRows } from '../helpers/sqliteFolder.ts'
import { type AppHarness, type HarnessOptions, rawRequest, startHarness } from './appHarness.ts'
import { manualClock } from './manualClock.ts'

// Whether the folder's database marks the run as ended (released runs stay saved).
const endedOnDisk = (root: string, runId: string) =>
  storedRows(root, 'SELECT status FROM runs WHERE run_id = ?', runId)[0]?.[0] === 'ended'

const listTasks = 'what are my tasks'
let h: AppHarness
afterEach(() => h.dispose())

const post = (path: string, body: unknown) =>
  rawRequest(h.server.port, {
    method: 'POST',
    path,
    headers: h.pageHeaders(),
    body: JSON.stringify(body),
  })
const startRun = async (input = listTasks) => {
  const res = await post('/api/runs', { input })
  return { status: res.status, runId: res.json().runId as string, body: res.json() }
}

/** Opens a run's event stream and keeps it open; resolves once the headers came. */
function openStream(runId: string) {
  return new Promise<{ status: number; close(): void; closed: () => boolean; body: () => string }>(
    (resolve, reject) => {
      let body = ''
      let closed = false
      const req = request(
        {
          host: '127.0.0.1',
          port: h.server.port,
          path: `/api/runs/${runId}/events`,
          headers: { 'x-studypulse-token': h.server.token },
        },
        (res) => {
          res.on('data', (d: Buffer) => {
            body += d.toString('utf8')
          })
          res.on('close', () => {
            closed = true
          })
          resolve({
            status: res.statusCode ?? 0,
            close: () => req.destroy(),
            closed: () => closed,
            body: () => body,
          })
        },
      )
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? undefined : reject(error),
      )
      req.end()
    },
  )
}

async function harness(options: HarnessOptions) {
  h = await startHarness(options)
  return h
}

describe('limits on work, each answered with a status and a code', () => {
  it('the open-run limit holds under a burst: 150 simultaneous starts open exactly 100 runs', async () => {
    await harness({ limits: { maxOpenRuns: 100 } })
    const answers = await Promise.all(Array.from({ length: 150 }, () => startRun()))
    const count = (status: number) => answers.filter((a) => a.status === status).length
    expect([count(201), count(429)]).toEqual([100, 50])
    expect(h.runtime.runIds()).toHaveLength(100)
    for (const refused of answers.filter((a) => a.status === 429))
      expect(refused.body.error).toMatchObject({ code: 'too_many_runs' })
  })

  it('open runs per workspace: one more is 429 too_many_runs; ending one makes room', async () => {
    await harness({ limits: { maxOpenRuns: 3 } })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const started = await startRun()
      expect(started.status).toBe(201)
      ids.push(started.runId)
      await waitForRun(h.runtime, started.runId, 'awaitingInput')
    }
    const refused = await startRun()
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ code: 'too_many_runs' })
    expect(h.runtime.runIds()).toHaveLength(3)
    expect((await post(`/api/runs/${ids[0]}/cancel`, {})).status).toBe(200)
    expect((await startRun()).status).toBe(201)
  })

  it('ended runs do not pile up in memory: only the newest few are kept for replay', async () => {
    await harness({ limits: { keepEndedRuns: 2 } })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const { runId } = await startRun()
      await waitForRun(h.runtime, runId, 'awaitingInput')
      await post(`/api/runs/${runId}/cancel`, {})
      ids.push(runId)
    }
    await vi.waitFor(() => expect(h.runtime.runIds()).toEqual(ids.slice(3)))
    // A released run is still on disk, marked ended.
    await h.runtime.flush()
    expect(endedOnDisk(h.workspace.root, ids[0] as string)).toBe(true)
  })

  it('event streams per token: one more is 429 too_many_streams; closing one makes room', async () => {
    await harness({ limits: { maxStreamsPerToken: 2 } })
    const { runId } = await startRun()
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const first = await openStream(runId)
    const second = await openStream(runId)
    expect([first.status, second.status]).toEqual([200, 200])
    const third = await rawRequest(h.server.port, {
      path: `/api/runs/${runId}/events`,
      headers: h.pageHeaders(),
    })
    expect(third.status).toBe(429)
    expect(third.json().error?.code).toBe('too_many_streams')
    first.close()
    await vi.waitFor(async () => {
      const again = await openStream(runId)
      again.close()
      expect(again.status).toBe(200)
    })
    second.close()
  })

  it('HEAD is answered or refused at once on every route, the event stream included', async () => {
    await harness({})
    const { runId } = await startRun()
    const head = (path: string) =>
      rawRequest(h.server.port, { method: 'HEAD', path, headers: h.pageHeaders() })
    const stream = await head(`/api/runs/${runId}/events`)
    expect(stream.status).toBe(405)
    const list = await head('/api/runs')
    expect(list.status).toBe(200)
    expect(list.body).toBe('')
    expect((await head(`/api/runs/${runId}/input`)).status).toBe(405)
    expect((await head('/api/policies')).status).toBe(200)
    expect((await head('/')).status).toBe(200)
  })

  it('slow request headers are cut off; an open event stream is not', async () => {
    await harness({ limits: { headersTimeoutMs: 200, requestTimeoutMs: 400 } })
    const { runId } = await startRun()
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const stream = await openStream(runId)
    // 100 clients that send half a request and then nothing.
    const sockets = Array.from({ length: 100 }, () => {
      const socket = connect(h.server.port, '127.0.0.1')
      socket.on('error', () => {})
      socket.write(`GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:${h.server.port}\r\n`)
      let answer = ''
      socket.on('data', (d: Buffer) => {
        answer += d.toString('utf8')
      })
      return {
        closed: new Promise<string>((resolve) => socket.on('close', () => resolve(answer))),
      }
    })
    const answers = await Promise.all(sockets.map((s) => s.closed))
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408/)
    // The stream outlived both timeouts and still delivers the run's next events.
    expect(stream.closed()).toBe(false)
    expect((await post(`/api/runs/${runId}/input`, { text: listTasks })).status).toBe(200)
    await vi.waitFor(() => expect(stream.body()).toContain('"kind":"userMessage"'))
    stream.close()
  }, 15_000)
})

describe('the idle reaper', () => {
  it('ends a run that waits for input longer than the idle time; it stays ended after a restart', async () => {
    const clock = manualClock()
    await harness({ limits: { idleRunMs: 60_000 }, clock })
    const { runId } = await startRun()
    await waitForRun(h.runtime, runId, 'awaitingInput')
    clock.advance(59_999)
    expect(h.runtime.view(runId).value).toBe('awaitingInput')
    // A message re-arms it: idle time counts from the last activity.
    expect((await post(`/api/runs/${runId}/input`, { text: listTasks })).status).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    clock.advance(59_999)
    expect(h.runtime.view(runId).value).toBe('awaitingInput')
    clock.advance(1)
    expect(h.runtime.view(runId).value).toBe('cancelled')
    const [cancelled] = h.runtime.view(runId).events.filter((e) => e.kind === 'runCancelled')
    expect(JSON.stringify(cancelled)).toContain('idle')
    expect(clock.pending()).toBe(0)
    await h.runtime.flush()
    expect(endedOnDisk(h.workspace.root, runId)).toBe(true)
    h = await h.restart()
    expect(h.restored).not.toContain(runId)
  })

  it('a restored run that has waited past the idle time is ended at start-up', async () => {
    await harness({ limits: { idleRunMs: 0 } })
    const { runId } = await startRun()
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const later = manualClock(Date.now() + 2 * 60_000)
    h = await h.restart({ limits: { idleRunMs: 60_000 }, clock: later })
    expect(h.restored).toContain(runId)
    later.advance(0)
    expect(h.runtime.view(runId).value).toBe('cancelled')
  })
})
