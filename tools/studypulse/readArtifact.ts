import { z } from 'zod'
import { toolFailure, toolOk } from '../../vocabulary/ToolResult.ts'
import { artifactSlug, cleanArtifactTitle } from '../../workspace/artifactText.ts'
import { defineTool } from '../defineTool.ts'

/** `read_artifact` (read): one saved note, whole. */
export const readArtifact = defineTool({
  name: 'read_artifact',
  description:
    'Read one saved note, summary or plan, by its name or its title (see list_artifacts).',
  parameters: z.strictObject({ name: z.string().min(1).max(200) }),
  permission: 'read',
  idempotent: true,
  preview: (args) => `Read your note “${args.name}”`,
  async execute(args, { workspace }) {
    const found = await workspace.readArtifact(artifactSlug(cleanArtifactTitle(args.name)))
    if (found === undefined) {
      return toolFailure('artifact_not_found', `no saved note is called "${args.name}"`)
    }
    const { name, title, content, updatedAt } = found.value
    return toolOk({ name, title, content, updatedAt })
  },
})
