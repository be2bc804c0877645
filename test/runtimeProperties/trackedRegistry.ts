import { z } from 'zod'
import { studyPulseTools } from '../../tools/createToolRegistry.ts'
import { type AnyToolDefinition, defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'

/** StudyPulse's real tools plus an `execute` tool, with every execution tracked until it settles. */
export interface TrackedRegistry {
  tools: ToolRegistry
  /** The commands the `run_command` tool ran, in order (its only effect). */
  commands: readonly string[]
  /** Resolves once every execution started so far has finished, even ones a cancel abandoned. */
  settled(): Promise<void>
}

/** A registry whose executions can be awaited, so a cancelled run's late write is still counted. */
export function trackedRegistry(): TrackedRegistry {
  const commands: string[] = []
  const running = new Set<Promise<unknown>>()
  const runCommand = defineTool({
    name: 'run_command',
    description: 'Run a shell command (test double: records the command, runs nothing).',
    parameters: z.strictObject({ command: z.string().min(1) }),
    permission: 'execute',
    preview: (args) => `Run \`${args.command}\``,
    execute: (args) => {
      commands.push(args.command)
      return toolOk({ exitCode: 0 })
    },
  })
  // A cancelled run stops waiting for its tool, but the tool's write may still land: track it.
  const track = (tool: AnyToolDefinition): AnyToolDefinition =>
    defineTool({
      ...tool,
      execute: (args, context) => {
        const execution = (async () => tool.execute(args, context))()
        running.add(execution)
        void execution.then(
          () => running.delete(execution),
          () => running.delete(execution),
        )
        return execution
      },
    })
  return {
    tools: new ToolRegistry([...studyPulseTools, runCommand].map(track)),
    commands,
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}
