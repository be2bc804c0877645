import { quoted } from './plannerText.ts'

// Each example is shown only when all the tools it needs are offered.
const EXAMPLES: readonly { tools: readonly string[]; example: string }[] = [
  {
    tools: ['create_task'],
    example: 'add a task to review chapter 3 by Friday, importance 4',
  },
  { tools: ['list_tasks'], example: 'what do I have to do this week?' },
  { tools: ['list_tasks', 'update_task'], example: 'mark review chapter 3 as done' },
  { tools: ['list_tasks', 'update_task'], example: 'move the essay to next Monday' },
  { tools: ['search_workspace'], example: 'search photosynthesis' },
  { tools: ['read_source'], example: 'read lecture-2.md' },
  { tools: ['write_memory'], example: 'remember that I study best in the morning' },
  { tools: ['list_memory'], example: 'what do you remember about me?' },
  { tools: ['list_memory', 'forget_memory'], example: 'forget that I study in the morning' },
  { tools: ['save_artifact'], example: 'save a note called Exam plan: revise cells first' },
  { tools: ['update_note'], example: 'add to my exam plan note: past papers on Sunday' },
  { tools: ['delete_note'], example: 'delete the note Exam plan' },
  { tools: ['write_memory'], example: 'note to self: my locker code is 4471' },
  { tools: ['search_workspace'], example: 'what did I save about photosynthesis?' },
  { tools: ['list_tasks', 'delete_task'], example: 'delete the task review chapter 3' },
  { tools: ['run_code'], example: 'compute the mean of 12, 15, 19 and 22' },
  { tools: ['run_code'], example: 'run: [3, 1, 2].sort()' },
]

/** The planner's help text: what it can do with the tools on offer, one example each. */
export function plannerHelp(available: ReadonlySet<string>): string {
  const examples = EXAMPLES.filter((entry) => entry.tools.every((tool) => available.has(tool)))
  // An MCP tool is offered as `<server>__<tool>`; the planner reaches it with `use <server> <tool> {…}`.
  const mcp = [...available].find((name) => name.includes('__'))
  const useExample =
    mcp === undefined
      ? []
      : [
          `- ${quoted(`use ${mcp.replace('__', ' ')} {…json arguments…}`)} (a tool of an MCP server)`,
        ]
  if (examples.length === 0 && useExample.length === 0) {
    return "I'm the offline planner, but no workspace tools are available right now, so there is nothing I can do yet."
  }
  return [
    "I'm the offline planner: I work without a network and understand short requests like these:",
    ...examples.map((entry) => `- ${quoted(entry.example)}`),
    ...useExample,
    'You can ask for several things at once: “plan my week: gym on wed, lab report on fri”, or one per line.',
  ].join('\n')
}
