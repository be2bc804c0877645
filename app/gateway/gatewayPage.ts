import { access } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { type AppServer, createAppServer } from '../server/createAppServer.ts'
import { ensureBuild, repoRoot } from '../server/ensureBuild.ts'
import { GatewayStartError, type StartedGateway } from './startGateway.ts'

/** The built page inside the installed package: `dist/page`, beside `dist/app/gateway/`. */
export const packagedPageDir = fileURLToPath(new URL('../../page', import.meta.url))

/**
 * The folder holding the built page: the package's own copy (`npm run build` puts it there), or,
 * run from a clone, the app's `dist-page/`, built first if it is missing or stale.
 */
export async function gatewayPageDir(log: (line: string) => void): Promise<string> {
  if (await exists(`${packagedPageDir}/index.html`)) return packagedPageDir
  // An installed package without its page (a broken install) has no Vite to build one with.
  if (!(await exists(`${repoRoot}/vite.config.ts`)))
    throw new GatewayStartError(
      `the package has no page at ${packagedPageDir} (reinstall studypulse-agent), so --page cannot serve one`,
    )
  await ensureBuild(undefined, (line) => log(`studypulse-gateway: ${line}`))
  return `${repoRoot}/dist-page`
}

/**
 * StudyPulse's page for the gateway's own workspace (`--page <port>`): the app's server (the same
 * handler `npm start` serves: launch token, loopback Host and Origin checks against DNS rebinding)
 * over the gateway's runtime, so a card decided there is taken by the run that waits for it, in
 * this process. Listens on 127.0.0.1 only; cards are sent there from now on.
 */
export async function serveGatewayPage(
  started: Pick<StartedGateway, 'gateway' | 'runtime' | 'mcp'>,
  port: number,
  log: (line: string) => void,
): Promise<AppServer> {
  const distDir = await gatewayPageDir(log)
  const server = await createAppServer({
    runtime: started.runtime,
    distDir,
    port,
    host: '127.0.0.1',
    mcp: started.mcp,
  })
  started.gateway.showCardsAt(server.url)
  log(`studypulse-gateway: cards are answered at ${server.url}/ (this computer only)`)
  return server
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )
