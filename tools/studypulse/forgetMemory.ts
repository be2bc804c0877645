import { z } from 'zod'
import { toolFailure } from '../../vocabulary/ToolResult.ts'
import { planChange, recordSet } from '../../workspace/changes/recordPatches.ts'
import { defineTool } from '../defineTool.ts'
import { boundTarget, missingTarget, targetChanged } from './boundTarget.ts'
import { commitPlanned } from './commitPlanned.ts'
import { quote } from './quote.ts'
import { cut, formatDay } from './taskText.ts'

/** `forget_memory` (destructive): StudyPulse forgets one thing it remembered. */
export const forgetMemory = defineTool({
  name: 'forget_memory',
  description:
    'Forget one remembered fact or preference for good, by its id (see list_memory or search_workspace).',
  parameters: z.strictObject({ id: z.string().min(1).max(200) }),
  permission: 'destructive',
  workspaceOnly: true,
  writes: ['memory'],
  preview: () => 'Forget something remembered',
  async describe(args, view) {
    const current = await view.readMemoryEntry(args.id)
    if (current === undefined) {
      return missingTarget(
        'memory',
        args.id,
        'Forget something remembered',
        'nothing would be forgotten',
      )
    }
    const { text, createdAt } = current.value
    return {
      version: 1,
      headline: cut(`Forget ${quote(text)}`, 500),
      fields: [
        { label: 'Remembered', before: cut(text) },
        { label: 'Since', before: formatDay(createdAt.slice(0, 10)) },
      ],
      target: { kind: 'memory', id: args.id, version: current.version },
    }
  },
  async execute(args, { workspace, now, generateId, expectedVersion }) {
    const bound = boundTarget(await workspace.readMemoryEntry(args.id), expectedVersion)
    if (!bound.ok && bound.reason === 'missing') {
      return toolFailure(
        'memory_not_found',
        `nothing remembered has id "${args.id}"; nothing was forgotten`,
      )
    }
    if (!bound.ok) return targetChanged(`Memory ${args.id}`, 'memory', args.id)
    const entry = bound.target.value
    const plan = planChange(recordSet({ memory: { [entry.id]: entry } }), (draft) => {
      delete draft.memory[entry.id]
    })
    const call = { tool: 'forget_memory', what: quote(entry.text) }
    return commitPlanned(plan, call, { workspace, now, generateId }, { forgotten: entry })
  },
})
