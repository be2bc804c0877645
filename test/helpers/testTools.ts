import { z } from 'zod'
import { studyPulseTools } from '../../tools/createToolRegistry.ts'
import { defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'

/** A registry with StudyPulse's tools plus an `execute`-level tool that records what it ran. */
export function registryWithExecuteTool(): { tools: ToolRegistry; ran: string[] } {
  const ran: string[] = []
  const runCommand = defineTool({
    name: 'run_command',
    description: 'Run a shell command (test double that only records the command).',
    parameters: z.strictObject({ command: z.string().min(1) }),
    permission: 'execute',
    preview: (args) => `Run \`${args.command}\``,
    execute: (args) => {
      ran.push(args.command)
      return toolOk({ exitCode: 0 })
    },
  })
  return { tools: new ToolRegistry([...studyPulseTools, runCommand]), ran }
}
