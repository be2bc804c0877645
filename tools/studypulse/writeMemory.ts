import { z } from 'zod'
import { planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import { memoryEntryInput } from '../../workspace/workspaceInput.ts'
import { defineTool } from '../defineTool.ts'
import { commitPlanned } from './commitPlanned.ts'

/** `write_memory` (write): something the agent should remember about the student. */
export const writeMemory = defineTool({
  name: 'write_memory',
  description: 'Remember a fact or preference about the student for later conversations.',
  parameters: z.strictObject({ text: z.string().max(2_000) }),
  permission: 'write',
  workspaceOnly: true,
  writes: ['memory'],
  check: (args) => (args.text.trim() === '' ? 'text must not be blank' : undefined),
  preview: (args) => `Remember “${args.text.trim()}”`,
  async execute(args, { workspace, now, generateId }) {
    const entry = memoryEntryInput(args.text, generateId(), now.toISOString())
    const plan = planChange(recordSet(), (draft) => {
      draft.memory[entry.id] = entry
    })
    const call = { tool: 'write_memory', what: `The memory ${entry.id}` }
    return commitPlanned(plan, call, { workspace, now, generateId }, { ...entry })
  },
})
