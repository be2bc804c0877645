// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TaskList } from '../../ui/components/TaskList.tsx'
import { WorkspacePanel } from '../../ui/components/WorkspacePanel.tsx'
import { localSources } from '../../ui/local/localSources.ts'
import { localTasks } from '../../ui/local/localTasks.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { Task } from '../../workspace/schemas.ts'

afterEach(cleanup)

const task = (over: Partial<Task>): Task => ({
  id: 't1',
  title: 'Review chapter 3',
  done: false,
  createdAt: '2026-11-30T09:00:00.000Z',
  updatedAt: '2026-11-30T09:00:00.000Z',
  ...over,
})

describe('TaskList: each task’s state is read out, not only drawn', () => {
  it('importance is read as a number; the dots are hidden from screen readers', () => {
    render(<TaskList tasks={[task({ importance: 4 })]} />)
    const item = screen.getByRole('listitem')
    expect(item.textContent).toContain('Importance 4 of 5')
    const dots = item.querySelector('[aria-hidden="true"]')
    expect(dots?.textContent).toBe('●●●●●')
  })

  it('the done state is a real checkbox named by the task; disabled, and saying so, while nothing can change it', () => {
    render(<TaskList tasks={[task({}), task({ id: 't2', title: 'Read chapter 4', done: true })]} />)
    const open = screen.getByRole('checkbox', { name: 'Review chapter 3' }) as HTMLInputElement
    const done = screen.getByRole('checkbox', { name: 'Read chapter 4' }) as HTMLInputElement
    expect([open.checked, done.checked]).toEqual([false, true])
    expect(open.disabled).toBe(true)
    const hint = document.getElementById(open.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toBe('Shows whether the task is done; it cannot be changed here.')
    fireEvent.click(open)
    expect(open.checked).toBe(false)
  })

  it('given onSetDone, ticking a box asks for the task to be marked done', () => {
    const onSetDone = vi.fn()
    render(<TaskList tasks={[task({})]} onSetDone={onSetDone} />)
    const box = screen.getByRole('checkbox', { name: 'Review chapter 3' }) as HTMLInputElement
    expect(box.disabled).toBe(false)
    expect(box.hasAttribute('aria-describedby')).toBe(false)
    fireEvent.click(box)
    expect(onSetDone).toHaveBeenCalledWith(expect.objectContaining({ id: 't1' }), true)
  })
})

describe('WorkspacePanel: notes and sources open in the reader pane', () => {
  const setUp = async () => {
    const ws = await MemoryWorkspace.withSamples()
    await ws.saveArtifact('Exam plan', '- revise **cells** first\n- then <b>ATP</b>')
    render(<WorkspacePanel reader={ws} run={undefined} sources={localSources(ws)} />)
    return ws
  }

  it('a note opens with its title focused and its markdown rendered; Back returns to it', async () => {
    await setUp()
    const opener = await screen.findByRole('button', { name: /Exam plan/ })
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeTruthy()
    fireEvent.click(opener)
    const pane = screen.getByRole('region', { name: 'Exam plan' })
    expect(document.activeElement).toBe(within(pane).getByRole('heading', { name: 'Exam plan' }))
    expect(
      within(pane)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['revise cells first', 'then <b>ATP</b>'])
    expect(pane.querySelector('b')).toBeNull()
    // Named by its title, not its file (issue #48).
    expect(pane.textContent).toMatch(/^.*Note · saved /)
    expect(pane.textContent).not.toContain('exam-plan')
    fireEvent.click(within(pane).getByRole('button', { name: 'Back' }))
    expect(screen.queryByRole('region', { name: 'Exam plan' })).toBeNull()
    expect(document.activeElement?.textContent).toContain('Exam plan')
  })

  it('a source opens with its text read through the notebook’s scope; Escape closes it', async () => {
    await setUp()
    fireEvent.click(await screen.findByRole('button', { name: 'Lecture 2' }))
    const pane = screen.getByRole('region', { name: 'Lecture 2' })
    expect(
      (await within(pane).findByRole('heading', { name: 'Lecture 2: Cellular respiration' }))
        .tagName,
    ).toBe('H3')
    expect(pane.textContent).toContain('Source · Biology 101')
    fireEvent.keyDown(pane, { key: 'Escape' })
    expect(screen.queryByRole('region', { name: 'Lecture 2' })).toBeNull()
    expect(document.activeElement?.textContent).toBe('Lecture 2')
  })

  it('without a source reader, sources are listed but do not open', async () => {
    const ws = await MemoryWorkspace.withSamples()
    render(<WorkspacePanel reader={ws} run={undefined} />)
    await screen.findByText('Lecture 1')
    expect(screen.queryByRole('button', { name: 'Lecture 1' })).toBeNull()
  })

  it('localSources refuses a path the notebook does not list, as data', async () => {
    const ws = await MemoryWorkspace.withSamples()
    const [notebook] = await ws.readNotebooks()
    const sources = localSources(ws)
    expect(await sources.readNotebookSource(notebook?.id ?? '', '../tasks.json')).toMatchObject({
      ok: false,
      error: { code: 'source_not_allowed' },
    })
    expect(await sources.readNotebookSource('nope', 'Lecture 1')).toMatchObject({
      ok: false,
      error: { code: 'source_not_allowed', message: expect.stringMatching(/no notebook/) },
    })
  })
})

describe('WorkspacePanel: a panel that stays current, and done boxes that are yours to tick', () => {
  it('a task another writer adds appears without a reload, as the workspace tells its change', async () => {
    const ws = await MemoryWorkspace.withSamples()
    render(<WorkspacePanel reader={ws} run={undefined} />)
    await screen.findByText('Review lecture 1 notes')
    await act(async () => {
      await ws.upsertTask(task({ id: 'from-elsewhere', title: 'Written by the terminal chat' }))
    })
    await screen.findByText('Written by the terminal chat')
    await act(async () => {
      await ws.appendMemory('I study best in the morning')
    })
    await screen.findByText('I study best in the morning')
  })

  it('with a task editor, ticking a box marks the task done in the workspace, and unticking undoes it', async () => {
    const ws = new MemoryWorkspace()
    await ws.upsertTask(task({}))
    render(<WorkspacePanel reader={ws} run={undefined} tasks={localTasks(ws)} />)
    const box = (await screen.findByRole('checkbox', {
      name: 'Review chapter 3',
    })) as HTMLInputElement
    expect(box.disabled).toBe(false)
    fireEvent.click(box)
    // The tick shows at once; the row is busy until the write is read back.
    expect(box.checked).toBe(true)
    const row = box.closest('li') as HTMLElement
    expect(row.getAttribute('aria-busy')).toBe('true')
    // Written, the task moves to the Done group: its box is found there, still ticked.
    const inGroup = (group: string) =>
      document.querySelector(`[data-group="${group}"] [data-task-id="t1"] input`) as
        | HTMLInputElement
        | undefined
    await waitFor(() => expect(inGroup('done')?.checked).toBe(true))
    expect((await ws.readTasks())[0]?.done).toBe(true)
    fireEvent.click(inGroup('done') as HTMLInputElement)
    await waitFor(() => expect(inGroup('none')?.checked).toBe(false))
    expect((await ws.readTasks())[0]?.done).toBe(false)
  })

  it('a task changed since it was shown is not overwritten: the panel says so and shows it as it is', async () => {
    const ws = new MemoryWorkspace()
    await ws.upsertTask(task({}))
    // A reader that cannot follow the workspace, so the panel still shows the old task.
    const reader = {
      readTasks: () => ws.readTasks(),
      readMemory: () => ws.readMemory(),
      listArtifacts: () => ws.listArtifacts(),
      readNotebooks: () => ws.readNotebooks(),
    }
    render(<WorkspacePanel reader={reader} run={undefined} tasks={localTasks(ws)} />)
    const box = await screen.findByRole('checkbox', { name: 'Review chapter 3' })
    await ws.upsertTask(task({ title: 'Review chapter 3 and 4' }))
    fireEvent.click(box)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/“Review chapter 3” changed meanwhile/)
    const renamed = (await screen.findByRole('checkbox', {
      name: 'Review chapter 3 and 4',
    })) as HTMLInputElement
    expect(renamed.checked).toBe(false)
    expect((await ws.readTasks())[0]).toMatchObject({
      title: 'Review chapter 3 and 4',
      done: false,
    })
  })
})
