// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TaskList } from '../../ui/components/TaskList.tsx'
import type { Task } from '../../workspace/schemas.ts'

afterEach(cleanup)

const at = '2026-11-30T09:00:00.000Z'
const task = (id: string, title: string, over: Partial<Task> = {}): Task => ({
  id,
  title,
  done: false,
  createdAt: at,
  updatedAt: at,
  ...over,
})
// Wednesday 9 December 2026, at noon where the list is read.
const today = () => new Date(2026, 11, 9, 12)

// Issue #48 (4): a task list to work in, not a list in the order tasks were made.
describe('TaskList groups and orders the tasks as a student works through them', () => {
  it('overdue, today, this week, later, no date, done; the soonest due then the most important first', () => {
    const tasks = [
      task('a', 'Essay draft', { due: '2027-01-20', importance: 5 }),
      task('b', 'Lab report', { due: '2026-12-10', importance: 2 }),
      task('c', 'Flashcards', { importance: 3 }),
      task('d', 'Problem set 3', { due: '2026-12-07' }),
      task('e', 'Read chapter 4', { due: '2026-12-09', importance: 1 }),
      task('f', 'Quiz prep', { due: '2026-12-10', importance: 4 }),
      task('g', 'Old notes', { due: '2026-12-01', done: true }),
      task('h', 'Group meeting', { due: '2026-12-15' }),
      task('i', 'Tutor email', { due: '2026-12-16' }),
    ]
    render(<TaskList tasks={tasks} today={today} />)
    const groups = screen.getAllByRole('list').map((list) => ({
      group: list.getAttribute('aria-labelledby') ?? '',
      heading: document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.firstChild
        ?.textContent,
      titles: within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.sp-task__title')?.textContent),
    }))
    expect(groups.map((g) => [g.heading?.trim(), g.titles])).toEqual([
      ['Overdue', ['Problem set 3']],
      ['Today', ['Read chapter 4']],
      // The 10th twice: the more important first; the 15th is within six days, the 16th not.
      ['This week', ['Quiz prep', 'Lab report', 'Group meeting']],
      ['Later', ['Tutor email', 'Essay draft']],
      ['No date', ['Flashcards']],
      ['Done', ['Old notes']],
    ])
  })

  it('only the box ticks a task: a click on its title changes nothing', () => {
    const onSetDone = vi.fn()
    render(
      <TaskList tasks={[task('t1', 'Review chapter 3')]} onSetDone={onSetDone} today={today} />,
    )
    fireEvent.click(screen.getByText('Review chapter 3'))
    expect(onSetDone).not.toHaveBeenCalled()
    // The box is still named by the task.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Review chapter 3' }))
    expect(onSetDone).toHaveBeenCalledWith(expect.objectContaining({ id: 't1' }), true)
  })
})
