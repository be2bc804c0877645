import { createToolRegistry } from '../tools/createToolRegistry.ts'
import type { McpTools } from '../tools/mcp/createMcpTools.ts'
import { chooseModel } from './chooseModel.ts'
import { limitsFromEnv } from './limitsFromEnv.ts'
import { openAppMcp } from './openAppMcp.ts'
import { runTerminalChat } from './runTerminalChat.ts'
import { describeStartupFailure, startRuntime } from './startRuntime.ts'
import { bannerLines, developerFromEnv } from './startupBanner.ts'

const model = chooseModel()
const mcpLines: string[] = []
let mcp: McpTools | undefined
const started = await Promise.resolve()
  .then(() =>
    startRuntime({
      model,
      // MCP tools join before runs are restored, so a card left open for one comes back.
      tools: async (workspace) => {
        mcp = await openAppMcp(workspace.root, (line) => mcpLines.push(line))
        return createToolRegistry({
          limits: limitsFromEnv(process.env).tools,
          sources: mcp ? [mcp] : [],
        })
      },
    }),
  )
  .catch((error: unknown) => {
    console.error(describeStartupFailure(error))
    process.exit(1)
  })
const { workspace, notebook, runtime, restored, problems, store, tracing } = started

await runTerminalChat({
  runtime,
  input: process.stdin,
  output: process.stdout,
  ...(notebook !== undefined && { notebookId: notebook.id }),
  resume: restored,
  ...(mcp !== undefined && { mcp }),
  banner: [
    ...bannerLines({ model: model.name, store, tracing }, developerFromEnv()).slice(0, 1),
    '  your study agent: it proposes; you decide.',
    `  workspace: ${workspace.root}${notebook ? `  ·  notebook: ${notebook.title}` : ''}`,
    ...bannerLines({ model: model.name, store, tracing }, developerFromEnv()).slice(1),
    ...problems.map((line) => `  ! ${line}`),
    '  try: "add a task to review chapter 3 by Friday, importance 4", "what do I have to do this week?",',
    '       "mark … as done", "move … to next Monday", "what do you remember about me?", "forget that …",',
    '       "search photosynthesis", "read lecture-2.md", "remember that …", "delete the task …",',
    '       "compute the mean of 12, 15, 19 and 22", "run: [3, 1, 2].sort()"',
    ...mcpLines,
    ...(mcp ? ['  MCP tools: "use <server> <tool> {json arguments}"; /mcp lists them.'] : []),
    '  at a card: y allows once, e edits it field by field; /tasks lists your tasks, /quit leaves;',
    '  Ctrl-C cancels a run in progress.',
    '',
  ],
})
// Closed, not only flushed: closing checkpoints the SQLite WAL into studypulse.db.
await runtime.close()
await tracing?.shutdown()
await mcp?.close()
process.exit(0)
