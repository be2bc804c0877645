import { createToolRegistry } from '../tools/createToolRegistry.ts'
import type { McpTools } from '../tools/mcp/createMcpTools.ts'
import { chooseModel } from './chooseModel.ts'
import { limitsFromEnv } from './limitsFromEnv.ts'
import { openAppMcp } from './openAppMcp.ts'
import { confirmationTimeoutFromEnv, describeTimeout } from './server/confirmationTimeout.ts'
import { createAppServer } from './server/createAppServer.ts'
import { ensureBuild, repoRoot } from './server/ensureBuild.ts'
import { describeStartupFailure, startRuntime } from './startRuntime.ts'

const port = Number(process.env.PORT ?? 4317)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`)
  process.exit(1)
}
let confirmationTimeoutMs: number
let limits: ReturnType<typeof limitsFromEnv>
try {
  confirmationTimeoutMs = confirmationTimeoutFromEnv(process.env)
  limits = limitsFromEnv(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const distDir = `${repoRoot}/dist-page`
await ensureBuild(distDir, (line) => console.log(line))
const model = chooseModel()
const mcpLines: string[] = []
let mcp: McpTools | undefined
// Cards left open by the last session come back before the page can ask for them. A damaged file
// is named in one line: the app starts with what is sound, or stops when the workspace cannot open.
const started = await startRuntime({
  model,
  tools: async (workspace) => {
    mcp = await openAppMcp(workspace.root, (line) => mcpLines.push(line))
    return createToolRegistry({ limits: limits.tools, sources: mcp ? [mcp] : [] })
  },
  confirmationTimeoutMs,
}).catch((error: unknown) => {
  console.error(describeStartupFailure(error))
  process.exit(1)
})
const { workspace, notebook, runtime, restored, problems } = started
const server = await createAppServer({
  runtime,
  distDir,
  port,
  limits: limits.server,
  ...(notebook !== undefined && { notebookId: notebook.id }),
  ...(mcp !== undefined && { mcp }),
})

console.log(`StudyPulse is running at ${server.url}`)
console.log(`  model: ${model.name}`)
console.log(`  workspace: ${workspace.root}${notebook ? `  ·  notebook: ${notebook.title}` : ''}`)
console.log(`  runs and study data: ${runtime.store?.location} (STUDYPULSE_DATABASE_URL)`)
console.log(
  `  cards expire after ${describeTimeout(confirmationTimeoutMs)} (STUDYPULSE_CONFIRMATION_TIMEOUT_MS)`,
)
for (const line of mcpLines) console.log(line)
if (restored.length > 0)
  console.log(`  restored ${restored.length} unfinished run(s): ${restored.join(', ')}`)
for (const line of problems) console.log(`  ! ${line}`)
console.log('  only this computer can reach it; Ctrl-C stops it. (Terminal chat: npm run chat)')

const stop = () => {
  void server
    .close()
    .then(() => runtime.flush())
    .then(() => mcp?.close())
    .then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
