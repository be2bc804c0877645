// The web app as the HTTP faces meet it: `createAppServer` on a folder (the app harness), hosted
// behind an authenticating proxy so each request names its person by the proxy's headers, with
// the conformance model and counting tool; restarts and a second process on the same folder.
import { rm } from 'node:fs/promises'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import {
  type AppHarness,
  type HarnessOptions,
  startHarness,
  startIn,
} from '../../app/appHarness.ts'
import type { FaceSetup, Who } from '../face.ts'
import { callingModel, conformanceTools } from './studyTools.ts'

const publicHost = 'study.example.edu'

/** The headers of a request from `who`'s page, signed in by the proxy. */
export function headersOf(who: Who): Record<string, string> {
  return {
    host: publicHost,
    // The proxy's forwarded host, for fetch (which sends its own Host): trusted from the proxy.
    'x-forwarded-host': publicHost,
    origin: `https://${publicHost}`,
    'x-forwarded-user': who.id,
    'x-forwarded-preferred-username': who.name,
    'content-type': 'application/json',
  }
}

/** The app on one folder, its restarts and its second processes. */
export interface AppFace {
  /** The app server the face talks to now (a restart replaces it). */
  current(): AppHarness
  restart(): Promise<void>
  /** A second app process on the same folder (its own runtime and server). */
  second(): Promise<AppHarness>
  /** Resolves once the run's card expired. */
  expired(runId: string): Promise<void>
  close(): Promise<void>
}

/** Starts the app for a scenario. */
export async function startAppFace(setup: FaceSetup): Promise<AppFace> {
  const options: HarnessOptions = {
    model: callingModel(),
    tools: conformanceTools(),
    hosted: {
      publicOrigin: `https://${publicHost}`,
      auth: { kind: 'proxy' },
      trustedProxies: ['127.0.0.1/32'],
    },
    ...(setup.rules !== undefined && { approvalRules: setup.rules }),
    ...(setup.expiresInMs !== undefined && { confirmationTimeoutMs: setup.expiresInMs }),
  }
  let h = await startHarness(options)
  const dir = h.dir
  const others: AppHarness[] = []
  return {
    current: () => h,
    async restart() {
      h = await h.restart()
    },
    async second() {
      const other = await startIn(dir, { ...options, distDir: `${dir}/dist` })
      others.push(other)
      return other
    },
    async expired(runId) {
      await waitForRun(h.runtime, runId, 'awaitingInput')
    },
    async close() {
      for (const other of others) await other.server.close().catch(() => undefined)
      for (const other of others) await other.runtime.close().catch(() => undefined)
      await h.dispose().catch(() => undefined)
      await rm(dir, { recursive: true, force: true, maxRetries: 3 })
    },
  }
}
