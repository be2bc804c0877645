import { describe, expect, it } from 'vitest'
import {
  deleteNoteProposal,
  deleteTaskProposal,
  editNoteProposal,
  editTaskProposal,
  moveTaskProposal,
} from '../../ui/core/personProposals.ts'
import { storedTask } from '../helpers/studyFixtures.ts'

const task = storedTask('t1', 'Essay', { due: '2026-12-04', importance: 3, notes: 'Outline' })
const unchanged = { title: 'Essay', due: '2026-12-04', importance: 3, notes: 'Outline' }
const note = { name: 'exam-plan', title: 'Exam plan', content: 'Revise', updatedAt: task.updatedAt }

describe('what a task or note button asks for (issue #48: forms start from what is there)', () => {
  it('an Edit that changes nothing asks nothing; one that changes a field asks only that field', () => {
    expect(editTaskProposal(task, unchanged)).toBeUndefined()
    expect(editTaskProposal(task, { ...unchanged, importance: 5 })).toEqual({
      tool: 'update_task',
      args: { id: 't1', importance: 5 },
      words: 'Change the task “Essay”',
    })
    // Blank title keeps it; blank due, importance and notes clear them.
    expect(
      editTaskProposal(task, { title: ' ', due: undefined, importance: undefined, notes: '' })
        ?.args,
    ).toEqual({ id: 't1', due: null, importance: null, notes: null })
  })

  it('Move asks only for the due day, in words with the one day format; Delete names the task', () => {
    expect(moveTaskProposal(task, '2026-12-04')).toBeUndefined()
    expect(moveTaskProposal(task, '2026-12-07')).toEqual({
      tool: 'update_task',
      args: { id: 't1', due: '2026-12-07' },
      words: 'Move “Essay” to Mon 7 Dec 2026',
    })
    expect(deleteTaskProposal(task)).toEqual({
      tool: 'delete_task',
      args: { id: 't1' },
      words: 'Delete the task “Essay”',
    })
  })

  it("a note's Edit asks only what changed, and the words name the note by its title", () => {
    expect(editNoteProposal(note, { title: 'Exam plan', content: 'Revise' })).toBeUndefined()
    expect(editNoteProposal(note, { title: 'Exam plan', content: 'Revise more' })?.args).toEqual({
      name: 'exam-plan',
      content: 'Revise more',
    })
    expect(deleteNoteProposal(note).words).toBe('Delete the note “Exam plan”')
  })
})
