import { createToolRegistry } from '../tools/createToolRegistry.ts'
import type { McpTools } from '../tools/mcp/createMcpTools.ts'
import { countOf } from '../vocabulary/countOf.ts'
import { visibleText } from '../vocabulary/visibleText.ts'
import { defaultAppPort, portClash } from './appPorts.ts'
import { decideBrowserOpening } from './browserOpening.ts'
import { chooseModel } from './chooseModel.ts'
import { type Hosting, hostingFromEnv } from './hostingFromEnv.ts'
import { limitsFromEnv } from './limitsFromEnv.ts'
import { serverModel } from './offThreadPlanner.ts'
import { openAppMcp } from './openAppMcp.ts'
import { openBrowser } from './openBrowser.ts'
import { confirmationTimeoutFromEnv, describeTimeout } from './server/confirmationTimeout.ts'
import { createAppServer } from './server/createAppServer.ts'
import { ensureBuild, repoRoot } from './server/ensureBuild.ts'
import { checkListenHost, hostedAccess } from './server/hostedMode.ts'
import { describeStartupFailure, startRuntime } from './startRuntime.ts'
import { bannerLines, developerFromEnv, firstBannerLine, restoredLine } from './startupBanner.ts'

const args = process.argv.slice(2)
const unknown = args.filter((arg) => arg !== '--no-open')
if (unknown.length > 0) {
  console.error(`studypulse: unknown option ${unknown.join(' ')} (the one option is --no-open)`)
  process.exit(1)
}
const port = Number(process.env.PORT ?? defaultAppPort)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`)
  process.exit(1)
}
let confirmationTimeoutMs: number
let limits: ReturnType<typeof limitsFromEnv>
let hosting: Hosting
try {
  confirmationTimeoutMs = confirmationTimeoutFromEnv(process.env)
  limits = limitsFromEnv(process.env)
  hosting = await hostingFromEnv(process.env)
  // Settings that cannot be safe stop the app before it opens anything.
  checkListenHost(hosting.host, hosting.auth !== undefined)
  hostedAccess(hosting)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const model = chooseModel()
const developer = developerFromEnv()
// The model's line comes first, before the page is built; the rest once the store is open.
console.log(firstBannerLine(model.name, developer))
const distDir = `${repoRoot}/dist-page`
await ensureBuild(distDir, (line) => console.log(`  ${line}`))
const mcpLines: string[] = []
let mcp: McpTools | undefined
// Cards left open by the last session come back before the page can ask for them. A damaged file
// is named in one line: the app starts with what is sound, or stops when the workspace cannot open.
const started = await startRuntime({
  // The offline planner plans on a worker thread: one person's long turn never stalls the server.
  model: serverModel(model),
  tools: async (workspace) => {
    mcp = await openAppMcp(workspace.root, (line) => mcpLines.push(line))
    return createToolRegistry({ limits: limits.tools, sources: mcp ? [mcp] : [] })
  },
  confirmationTimeoutMs,
  ...(hosting.approvalRules !== undefined && { approvalRules: hosting.approvalRules }),
  perPerson: hosting.auth !== undefined && hosting.perPerson,
  ...(hosting.auth !== undefined &&
    hosting.publicOrigin !== undefined && { publicOrigin: hosting.publicOrigin }),
}).catch((error: unknown) => {
  console.error(describeStartupFailure(error))
  process.exit(1)
})
const { workspace, notebook, runtime, restored, problems, store, workspaces, tracing, passkeys } =
  started
// The app on the collector's port would be sent its own spans (the README once gave 4318 both jobs).
const clash = portClash(port, tracing?.endpoint)
if (clash !== undefined) {
  console.error(`studypulse: cannot start: ${clash}`)
  await tracing?.shutdown()
  process.exit(1)
}
const { approvalRules: _rules, perPerson: _perPerson, ...serverHosting } = hosting
const server = await createAppServer({
  runtime,
  distDir,
  port,
  limits: limits.server,
  ...(notebook !== undefined && { notebookId: notebook.id }),
  ...(mcp !== undefined && { mcp }),
  ...serverHosting,
  workspaces,
  ...(passkeys !== undefined && { passkeys }),
}).catch((error: unknown) => {
  // e.g. STUDYPULSE_HOST beyond loopback without sign-in: one line saying what to set.
  console.error(`studypulse: cannot start: ${(error as Error).message}`)
  process.exit(1)
})

if (hosting.auth === undefined)
  console.log(`  running at ${server.url}: only this computer can reach it; Ctrl-C stops it`)
else
  console.log(
    `  hosted at ${hosting.publicOrigin} (listening on ${server.url}), sign-in: ${hosting.auth.kind}${hosting.approvalRules ? `, ${countOf(hosting.approvalRules.rules.length, 'approval rule')}` : ''}; Ctrl-C stops it`,
  )
console.log(
  `  workspace: ${workspace.root}${notebook ? `  ·  notebook: ${visibleText(notebook.title, 'mark')}` : ''}`,
)
const facts = { model: model.name, store, tracing }
const timeout = describeTimeout(confirmationTimeoutMs)
for (const line of bannerLines({ ...facts, confirmationTimeout: timeout }, developer).slice(1))
  console.log(line)
for (const line of mcpLines) console.log(line)
if (restored.length > 0) console.log(restoredLine(runtime, restored))
for (const line of problems) console.log(`  ! ${visibleText(line, 'mark')}`)
console.log('  the same agent in the terminal: npm run chat')
const opening =
  hosting.auth === undefined
    ? decideBrowserOpening({ platform: process.platform, env: process.env, argv: args })
    : ({ open: false, reason: 'hosted mode: people open the public origin' } as const)
const cannotOpen = (message: string) =>
  console.log(`  ! could not open a browser (${message}): open ${server.url} yourself`)
if (opening.open) {
  const opened = await openBrowser(server.url, opening, cannotOpen)
  if (opened.ok)
    console.log('  opened in your browser (--no-open or STUDYPULSE_OPEN=0 turns this off)')
  else cannotOpen(opened.message)
} else
  console.log(
    `  open ${hosting.publicOrigin ?? server.url} in your browser (not opened: ${opening.reason})`,
  )

// A clean stop closes the store, not only flushes it: closing is what checkpoints SQLite's WAL
// into studypulse.db, so losing the -wal and -shm files afterwards loses nothing.
const stop = () => {
  void server
    .close()
    .then(() => runtime.close())
    .then(() => tracing?.shutdown())
    .then(() => mcp?.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`studypulse: stopping: ${(error as Error).message}`)
        process.exit(1)
      },
    )
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
