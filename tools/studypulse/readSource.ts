import { z } from 'zod'
import { toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'
import { defineTool } from '../defineTool.ts'

/** `read_source` (read): one source file of the current notebook. */
export const readSource = defineTool({
  name: 'read_source',
  description:
    "Read one source file of the current notebook; `path` is relative to the notebook's sources.",
  parameters: z.strictObject({ path: z.string().min(1).max(500) }),
  permission: 'read',
  idempotent: true,
  preview: (args) => `Read source ${args.path}`,
  async execute(args, { workspace, sourcePaths }) {
    const read = await workspace.readSource(sourcePaths, args.path)
    return read.ok
      ? toolOk({ path: read.path, content: read.content })
      : toolFailure(read.error.code, read.error.message)
  },
})
