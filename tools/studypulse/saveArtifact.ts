import { z } from 'zod'
import { defineTool } from '../defineTool.ts'
import { toolOk } from '../ToolResult.ts'

/** `save_artifact` (write): saves a note, summary or plan as a markdown file. */
export const saveArtifact = defineTool({
  name: 'save_artifact',
  description: 'Save a note, summary or study plan as a markdown artifact (same title overwrites).',
  parameters: z.strictObject({ title: z.string().max(200), content: z.string().max(200_000) }),
  permission: 'write',
  workspaceOnly: true,
  check: (args) => (args.title.trim() === '' ? 'title must not be blank' : undefined),
  preview: (args) => `Save artifact “${args.title.trim()}” (${args.content.length} characters)`,
  async execute(args, { workspace }) {
    const artifact = await workspace.saveArtifact(args.title.trim(), args.content)
    return toolOk({ name: artifact.name, title: artifact.title })
  },
})
