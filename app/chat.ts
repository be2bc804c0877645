import { createAgentRuntime } from '../machines/createAgentRuntime.ts'
import { createToolRegistry } from '../tools/createToolRegistry.ts'
import { chooseModel } from './chooseModel.ts'
import { openAppMcp } from './openAppMcp.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'
import { runTerminalChat } from './runTerminalChat.ts'

const { workspace, notebook } = await openAppWorkspace()
const model = chooseModel()
const mcpLines: string[] = []
const mcp = await openAppMcp(workspace.root, (line) => mcpLines.push(line))
const runtime = createAgentRuntime({
  model,
  tools: createToolRegistry({ sources: mcp ? [mcp] : [] }),
  workspace,
})
const restored = await runtime.restore()

await runTerminalChat({
  runtime,
  input: process.stdin,
  output: process.stdout,
  ...(notebook !== undefined && { notebookId: notebook.id }),
  resume: restored,
  ...(mcp !== undefined && { mcp }),
  banner: [
    'StudyPulse — your study agent. It proposes; you decide.',
    `  model: ${model.name}`,
    `  workspace: ${workspace.root}${notebook ? `  ·  notebook: ${notebook.title}` : ''}`,
    '  try: "add a task to review chapter 3 by Friday, importance 4", "what are my tasks",',
    '       "search photosynthesis", "read lecture-2.md", "remember that …", "delete the task …"',
    ...mcpLines,
    ...(mcp ? ['  MCP tools: "use <server> <tool> {json arguments}"; /mcp lists them.'] : []),
    '  /tasks lists your tasks, /quit leaves; Ctrl-C cancels a run in progress.',
    '',
  ],
})
await runtime.flush()
await mcp?.close()
process.exit(0)
