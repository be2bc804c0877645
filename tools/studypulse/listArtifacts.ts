import { z } from 'zod'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { defineTool } from '../defineTool.ts'

const excerptLength = 120

/** `list_artifacts` (read): the saved notes, summaries and plans, with the start of each. */
export const listArtifacts = defineTool({
  name: 'list_artifacts',
  description:
    'List the saved notes, summaries and plans (artifacts): name, title, when saved, and how each begins. read_artifact gives one whole.',
  parameters: z.strictObject({}),
  permission: 'read',
  idempotent: true,
  preview: () => 'List your saved notes',
  async execute(_args, { workspace }) {
    const artifacts = (await workspace.listArtifacts()).map(
      ({ name, title, content, updatedAt }) => ({
        name,
        title,
        updatedAt,
        lines: content === '' ? 0 : content.split('\n').length,
        excerpt: excerpt(content),
      }),
    )
    return toolOk({ artifacts })
  },
})

/** How a note begins, on one line. */
function excerpt(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim()
  return flat.length <= excerptLength ? flat : `${flat.slice(0, excerptLength - 1)}…`
}
