import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppLimits } from '../../app/server/appLimits.ts'
import {
  type AppServer,
  type AppServerOptions,
  createAppServer,
} from '../../app/server/createAppServer.ts'
import type { HostedOptions } from '../../app/server/hostedMode.ts'
import type { PersonWorkspaces } from '../../app/server/PersonWorkspaces.ts'
import { startRuntime } from '../../app/startRuntime.ts'
import type { ModelClient } from '../../models/messages.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { ToolRegistry } from '../../tools/ToolRegistry.ts'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import type { Workspace } from '../../workspace/Workspace.ts'

/** A real app server over a temporary sample workspace, with a stand-in page. */
export interface AppHarness {
  server: AppServer
  runtime: AgentRuntime
  workspace: Workspace
  /** Each person's workspace (hosted mode), as the server and the runtime's tools see them. */
  workspaces: PersonWorkspaces
  /** The sample notebook (undefined only when `notebooks.json` was damaged at start-up). */
  notebookId: string
  /** What start-up reported, one line per damaged file. */
  problems: string[]
  /** The folder holding the workspace (`ws/`) and the stand-in page. */
  dir: string
  /** The stored tasks exactly, to prove a refused request changed nothing. */
  tasksFile(): Promise<string>
  /** Headers a same-origin page request carries. */
  pageHeaders(extra?: Record<string, string>): Record<string, string>
  /** The ids `restore()` brought back when this server started. */
  restored: string[]
  /**
   * Stops this server as a dying process would (runs are not cancelled; their actors stop), then
   * starts a new runtime and server on the same workspace folder, restoring it as `app/main.ts` does.
   * Dispose the returned harness instead of this one.
   */
  restart(options?: HarnessOptions): Promise<AppHarness>
  dispose(): Promise<void>
}

/** How a harness is built. */
export interface HarnessOptions {
  model?: ModelClient
  distDir?: string
  confirmationTimeoutMs?: number
  tools?: ToolRegistry
  limits?: Partial<AppLimits>
  clock?: AppServerOptions['clock']
  /** Origins besides the server's own that may call the API. */
  allowedOrigins?: readonly string[]
  /** Lines the runtime reports while running (default: dropped). */
  log?: (line: string) => void
  /** More environment for start-up (e.g. `STUDYPULSE_DATABASE_URL`). */
  env?: NodeJS.ProcessEnv
  /** The port to listen on (default: a free one); a restart on the same port keeps a page's address. */
  port?: number
  /** Hosted mode: sign-in, the public origin, trusted proxies (default: the single-user app). */
  hosted?: HostedOptions
  /** The host's approval rules, given to the runtime. */
  approvalRules?: ApprovalRules
}

/** Starts the server on an ephemeral port over a fresh sample workspace; a stand-in page unless `distDir` is given. */
export async function startHarness(options: HarnessOptions = {}): Promise<AppHarness> {
  return startIn(await mkdtemp(join(tmpdir(), 'studypulse-app-')), options)
}

/** Starts the server over the workspace in `<dir>/ws` as `app/main.ts` does (created with samples when missing). */
export async function startIn(dir: string, options: HarnessOptions = {}): Promise<AppHarness> {
  const model = options.model ?? new OfflinePlanner()
  const distDir = options.distDir ?? join(dir, 'dist')
  if (options.distDir === undefined) {
    await mkdir(distDir, { recursive: true })
    await writeFile(
      join(distDir, 'index.html'),
      '<!doctype html><meta name="studypulse-token" content="__STUDYPULSE_TOKEN__"><p>page</p>',
    )
  }
  // As `app/main.ts`: unfinished runs come back before the server listens.
  const { workspace, notebook, runtime, restored, problems, workspaces, passkeys } =
    await startRuntime({
      model,
      ...(options.tools !== undefined && { tools: options.tools }),
      ...(options.confirmationTimeoutMs !== undefined && {
        confirmationTimeoutMs: options.confirmationTimeoutMs,
      }),
      env: { ...options.env, STUDYPULSE_WORKSPACE: join(dir, 'ws') },
      log: options.log ?? (() => {}),
      ...(options.approvalRules !== undefined && { approvalRules: options.approvalRules }),
      perPerson: options.hosted !== undefined,
      ...(options.hosted?.publicOrigin !== undefined && {
        publicOrigin: options.hosted.publicOrigin,
      }),
    })
  const server = await createAppServer({
    runtime,
    distDir,
    ...(notebook !== undefined && { notebookId: notebook.id }),
    ...(options.limits !== undefined && { limits: options.limits }),
    ...(options.clock !== undefined && { clock: options.clock }),
    ...(options.allowedOrigins !== undefined && { allowedOrigins: options.allowedOrigins }),
    ...(options.port !== undefined && { port: options.port }),
    ...options.hosted,
    workspaces,
    ...(passkeys !== undefined && { passkeys }),
  })
  return {
    server,
    runtime,
    workspace,
    workspaces,
    notebookId: notebook?.id as string,
    problems,
    dir,
    restored,
    restart: async (next = options) => {
      await server.close()
      // The old process is gone: its runs are saved, its claims on them end with it.
      await runtime.close()
      return startIn(dir, { ...next, ...(options.distDir && { distDir: options.distDir }) })
    },
    // The rows of studypulse.db, as the folder's Workspace reads them (the app imported them).
    tasksFile: async () => JSON.stringify(await workspace.readTasks()),
    pageHeaders: (extra = {}) => ({
      host: `127.0.0.1:${server.port}`,
      origin: `http://127.0.0.1:${server.port}`,
      'x-studypulse-token': server.token,
      'content-type': 'application/json',
      ...extra,
    }),
    dispose: async () => {
      await server.close()
      for (const id of runtime.runIds()) runtime.cancel(id, 'test over')
      // Runs are saved in the workspace; let the last writes land before removing it.
      await runtime.close()
      await rm(dir, { recursive: true, force: true, maxRetries: 3 })
    },
  }
}

/** A raw HTTP answer. */
export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  json(): { error?: { code: string; message: string } } & Record<string, unknown>
}

/** An HTTP request with exactly the given headers (node:http lets a test set Host and Origin). */
export function rawRequest(
  port: number,
  options: {
    method?: string
    path: string
    // A list sends the header once per element (a repeated header).
    headers?: Record<string, string | string[]>
    body?: string
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {},
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body),
          })
        })
        res.on('error', reject)
      },
    )
    // A server may answer and close before reading a refused body.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    )
    if (options.body !== undefined) req.write(options.body)
    req.end()
  })
}

/** A GET from the app's own page (its token, Host and Origin). */
export function pageGet(h: AppHarness, path: string): Promise<RawResponse> {
  return rawRequest(h.server.port, { path, headers: h.pageHeaders() })
}

/** A JSON POST from the app's own page (or with `headers` instead of the page's). */
export function pagePost(
  h: AppHarness,
  path: string,
  body: unknown,
  headers = h.pageHeaders(),
): Promise<RawResponse> {
  return rawRequest(h.server.port, { method: 'POST', path, headers, body: JSON.stringify(body) })
}

/** Starts a run over HTTP and waits until it shows a confirmation card; returns ids. */
export async function runToCard(
  h: AppHarness,
  input: string,
): Promise<{ runId: string; confirmationId: string }> {
  const started = await rawRequest(h.server.port, {
    method: 'POST',
    path: '/api/runs',
    headers: h.pageHeaders(),
    body: JSON.stringify({ input }),
  })
  if (started.status !== 201) throw new Error(`could not start a run: ${started.body}`)
  const runId = started.json().runId as string
  await waitForRun(h.runtime, runId, 'awaitingConfirmation')
  const pending = h.runtime.view(runId).pending
  if (pending === undefined) throw new Error('no pending confirmation')
  return { runId, confirmationId: pending.confirmationId }
}
