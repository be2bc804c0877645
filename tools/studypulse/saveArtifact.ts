import { z } from 'zod'
import { defineTool } from '../defineTool.ts'
import { toolOk } from '../ToolResult.ts'

/** `save_artifact` (write): saves a note (a summary, a plan) as a markdown file. */
export const saveArtifact = defineTool({
  name: 'save_artifact',
  description:
    'Save a note (a summary, a study plan, …) as a markdown file (a note with the same title is replaced).',
  parameters: z.strictObject({ title: z.string().max(200), content: z.string().max(200_000) }),
  permission: 'write',
  workspaceOnly: true,
  check: (args) => (args.title.trim() === '' ? 'title must not be blank' : undefined),
  preview: (args) => `Save note “${args.title.trim()}” (${args.content.length} characters)`,
  async execute(args, { workspace }) {
    const artifact = await workspace.saveArtifact(args.title.trim(), args.content)
    return toolOk({ name: artifact.name, title: artifact.title })
  },
})
