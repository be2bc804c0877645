import { createAgentRuntime } from '../machines/createAgentRuntime.ts'
import { createToolRegistry } from '../tools/createToolRegistry.ts'
import { chooseModel } from './chooseModel.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'
import { runTerminalChat } from './runTerminalChat.ts'

const { workspace, notebook } = await openAppWorkspace()
const model = chooseModel()
const runtime = createAgentRuntime({ model, tools: createToolRegistry(), workspace })
const restored = await runtime.restore()

await runTerminalChat({
  runtime,
  input: process.stdin,
  output: process.stdout,
  ...(notebook !== undefined && { notebookId: notebook.id }),
  resume: restored,
  banner: [
    'StudyPulse — your study agent. It proposes; you decide.',
    `  model: ${model.name}`,
    `  workspace: ${workspace.root}${notebook ? `  ·  notebook: ${notebook.title}` : ''}`,
    '  try: "add a task to review chapter 3 by Friday, importance 4", "what are my tasks",',
    '       "search photosynthesis", "read lecture-2.md", "remember that …", "delete the task …",',
    '       "compute the mean of 12, 15, 19 and 22", "run: [3, 1, 2].sort()"',
    '  /tasks lists your tasks, /quit leaves; Ctrl-C cancels a run in progress.',
    '',
  ],
})
await runtime.flush()
process.exit(0)
