import { type FormEvent, useId, useState } from 'react'
import { dayText } from '../../vocabulary/humanTime.ts'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'
import type { Task } from '../../workspace/schemas.ts'
import {
  deleteTaskProposal,
  editTaskProposal,
  moveTaskProposal,
  type TaskEdits,
} from '../core/personProposals.ts'
import { useProposal } from '../hooks/useProposal.ts'
import { ChangeBar, ChangeStatus, FormButtons, isDayOrBlank, notADay } from './ChangeBar.tsx'
import { DayField } from './DayField.tsx'
import { ReaderPane } from './ReaderPane.tsx'

/** Props of `TaskPane`. */
export interface TaskPaneProps {
  /** The task as the list shows it now; undefined once it is gone. */
  task: Task | undefined
  onClose: () => void
  /** Asks for a change on a card in the chat; undefined while the chat cannot take one. */
  onPropose?: ((proposal: PersonProposal) => Promise<void>) | undefined
  /** Why changes cannot be asked now, said beside the disabled buttons. */
  blocked?: string | undefined
  /** The day that words such as "friday" count from (default: the clock's today). */
  today?: () => Date
}

/**
 * One task opened from the list: its due day, importance and notes, with Edit (a form that starts
 * from what the task holds), Move (its due day) and Delete. Each asks for its change on a card in
 * the chat, through the run like any call: nothing is written from here.
 */
export function TaskPane({
  task,
  onClose,
  onPropose,
  blocked,
  today = () => new Date(),
}: TaskPaneProps) {
  const [mode, setMode] = useState<'edit' | 'move'>()
  const proposal = useProposal(onPropose)
  if (task === undefined)
    return (
      <ReaderPane
        title="Task"
        body={{ kind: 'failed', message: 'This task is no longer in the list.' }}
        onClose={onClose}
      />
    )
  const ask = async (next: PersonProposal | undefined) => {
    if (await proposal.ask(next)) setMode(undefined)
  }
  return (
    <ReaderPane
      title={task.title}
      meta={taskMeta(task)}
      onClose={onClose}
      {...(task.notes && mode !== 'edit'
        ? { body: { kind: 'markdown' as const, text: task.notes } }
        : {})}
    >
      <ChangeBar
        disabled={onPropose === undefined || proposal.busy}
        blocked={onPropose === undefined ? blocked : undefined}
        actions={[
          {
            key: 'edit',
            label: 'Edit',
            pressed: mode === 'edit',
            onClick: () => setMode(mode === 'edit' ? undefined : 'edit'),
          },
          {
            key: 'move',
            label: 'Move',
            pressed: mode === 'move',
            onClick: () => setMode(mode === 'move' ? undefined : 'move'),
          },
          {
            key: 'delete',
            label: 'Delete',
            danger: true,
            onClick: () => void ask(deleteTaskProposal(task)),
          },
        ]}
      />
      {mode === 'edit' ? (
        <TaskEditForm
          task={task}
          today={today}
          busy={proposal.busy}
          onAsk={ask}
          onCancel={() => setMode(undefined)}
        />
      ) : mode === 'move' ? (
        <TaskMoveForm
          task={task}
          today={today}
          busy={proposal.busy}
          onAsk={ask}
          onCancel={() => setMode(undefined)}
        />
      ) : null}
      <ChangeStatus status={proposal.status} />
    </ReaderPane>
  )
}

function taskMeta(task: Task): string {
  return [
    task.done ? 'Done' : 'Not done yet',
    task.due ? `due ${dayText(task.due)}` : 'no due day',
    task.importance ? `importance ${task.importance} of 5` : undefined,
  ]
    .filter(Boolean)
    .join(' · ')
}

interface FormProps {
  task: Task
  today: () => Date
  busy: boolean
  onAsk: (proposal: PersonProposal | undefined) => Promise<void>
  onCancel: () => void
}

// Starts from what the task holds now: a field left as it is stays out of the card.
function TaskEditForm({ task, today, busy, onAsk, onCancel }: FormProps) {
  const id = useId()
  const [edits, setEdits] = useState<TaskEdits>({
    title: task.title,
    due: task.due,
    importance: task.importance,
    notes: task.notes ?? '',
  })
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isDayOrBlank(edits.due)) return setError(notADay(edits.due))
    setError(undefined)
    void onAsk(editTaskProposal(task, edits))
  }
  const set = (change: Partial<TaskEdits>) => setEdits((was) => ({ ...was, ...change }))
  return (
    <form className="sp-change__form" aria-label={`Edit “${task.title}”`} onSubmit={submit}>
      <label className="sp-change__label" htmlFor={`${id}-title`}>
        Title
      </label>
      <input
        id={`${id}-title`}
        className="sp-change__input"
        value={edits.title}
        maxLength={500}
        onChange={(e) => set({ title: e.target.value })}
      />
      <label className="sp-change__label" htmlFor={`${id}-due`}>
        Due day <span className="sp-muted">(blank: no due day)</span>
      </label>
      <DayField
        id={`${id}-due`}
        label="Due day"
        value={edits.due}
        today={today}
        onChange={(due) => set({ due })}
      />
      <label className="sp-change__label" htmlFor={`${id}-importance`}>
        Importance
      </label>
      <select
        id={`${id}-importance`}
        className="sp-change__input"
        value={edits.importance ?? ''}
        onChange={(e) =>
          set({ importance: e.target.value === '' ? undefined : Number(e.target.value) })
        }
      >
        <option value="">Not set</option>
        {[1, 2, 3, 4, 5].map((n) => (
          <option key={n} value={n}>
            {n} of 5
          </option>
        ))}
      </select>
      <label className="sp-change__label" htmlFor={`${id}-notes`}>
        Notes
      </label>
      <textarea
        id={`${id}-notes`}
        className="sp-change__input"
        rows={3}
        value={edits.notes}
        maxLength={10_000}
        onChange={(e) => set({ notes: e.target.value })}
      />
      <FormButtons busy={busy} error={error} onCancel={onCancel} />
    </form>
  )
}

// Only the due day: a move changes nothing else.
function TaskMoveForm({ task, today, busy, onAsk, onCancel }: FormProps) {
  const id = useId()
  const [due, setDue] = useState(task.due)
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isDayOrBlank(due)) return setError(notADay(due))
    setError(undefined)
    void onAsk(moveTaskProposal(task, due))
  }
  return (
    <form className="sp-change__form" aria-label={`Move “${task.title}”`} onSubmit={submit}>
      <label className="sp-change__label" htmlFor={`${id}-due`}>
        New due day <span className="sp-muted">(blank: no due day)</span>
      </label>
      <DayField id={`${id}-due`} label="New due day" value={due} today={today} onChange={setDue} />
      <FormButtons busy={busy} error={error} onCancel={onCancel} />
    </form>
  )
}
