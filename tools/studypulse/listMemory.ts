import { z } from 'zod'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { defineTool } from '../defineTool.ts'

/** `list_memory` (read): everything StudyPulse remembers about the student. */
export const listMemory = defineTool({
  name: 'list_memory',
  description: 'List everything remembered about the student, oldest first, with ids.',
  parameters: z.strictObject({}),
  permission: 'read',
  idempotent: true,
  preview: () => 'List what StudyPulse remembers about you',
  async execute(_args, { workspace }) {
    return toolOk({ entries: await workspace.readMemory() })
  },
})
