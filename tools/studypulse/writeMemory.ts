import { z } from 'zod'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { defineTool } from '../defineTool.ts'

/** `write_memory` (write): something the agent should remember about the student. */
export const writeMemory = defineTool({
  name: 'write_memory',
  description: 'Remember a fact or preference about the student for later conversations.',
  parameters: z.strictObject({ text: z.string().max(2_000) }),
  permission: 'write',
  workspaceOnly: true,
  check: (args) => (args.text.trim() === '' ? 'text must not be blank' : undefined),
  preview: (args) => `Remember “${args.text.trim()}”`,
  async execute(args, { workspace }) {
    return toolOk(await workspace.appendMemory(args.text.trim()))
  },
})
