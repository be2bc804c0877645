import { type FormEvent, useId, useState } from 'react'
import { momentText } from '../../vocabulary/humanTime.ts'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'
import type { Artifact } from '../../workspace/schemas.ts'
import { deleteNoteProposal, editNoteProposal } from '../core/personProposals.ts'
import { useProposal } from '../hooks/useProposal.ts'
import { ChangeBar, ChangeStatus, FormButtons } from './ChangeBar.tsx'
import { ReaderPane } from './ReaderPane.tsx'

/** Props of `NotePane`. */
export interface NotePaneProps {
  /** The note as the list shows it now; undefined once it is gone. */
  note: Artifact | undefined
  onClose: () => void
  /** Asks for a change on a card in the chat; undefined while the chat cannot take one. */
  onPropose?: ((proposal: PersonProposal) => Promise<void>) | undefined
  /** Why changes cannot be asked now, said beside the disabled buttons. */
  blocked?: string | undefined
}

/**
 * One note, read in full, with Edit (its title and text, starting from what it holds) and
 * Delete: each asks for its change on a card in the chat; nothing is written from here.
 */
export function NotePane({ note, onClose, onPropose, blocked }: NotePaneProps) {
  const [editing, setEditing] = useState(false)
  const proposal = useProposal(onPropose)
  if (note === undefined)
    return (
      <ReaderPane
        title="Note"
        body={{ kind: 'failed', message: 'This note is no longer in the workspace.' }}
        onClose={onClose}
      />
    )
  const ask = async (next: PersonProposal | undefined) => {
    if (await proposal.ask(next)) setEditing(false)
  }
  return (
    <ReaderPane
      title={note.title}
      meta={`Note · saved ${momentText(note.updatedAt)}`}
      onClose={onClose}
      {...(!editing && { body: { kind: 'markdown' as const, text: note.content } })}
    >
      <ChangeBar
        disabled={onPropose === undefined || proposal.busy}
        blocked={onPropose === undefined ? blocked : undefined}
        actions={[
          { key: 'edit', label: 'Edit', pressed: editing, onClick: () => setEditing(!editing) },
          {
            key: 'delete',
            label: 'Delete',
            danger: true,
            onClick: () => void ask(deleteNoteProposal(note)),
          },
        ]}
      />
      {editing ? (
        <NoteEditForm
          note={note}
          busy={proposal.busy}
          onAsk={ask}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      <ChangeStatus status={proposal.status} />
    </ReaderPane>
  )
}

interface NoteEditFormProps {
  note: Artifact
  busy: boolean
  onAsk: (proposal: PersonProposal | undefined) => Promise<void>
  onCancel: () => void
}

// Starts from the note as it is: its title (what the list shows) and its text.
function NoteEditForm({ note, busy, onAsk, onCancel }: NoteEditFormProps) {
  const id = useId()
  const [title, setTitle] = useState(note.title)
  const [content, setContent] = useState(note.content)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void onAsk(editNoteProposal(note, { title, content }))
  }
  return (
    <form className="sp-change__form" aria-label={`Edit “${note.title}”`} onSubmit={submit}>
      <label className="sp-change__label" htmlFor={`${id}-title`}>
        Title
      </label>
      <input
        id={`${id}-title`}
        className="sp-change__input"
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label className="sp-change__label" htmlFor={`${id}-text`}>
        Text
      </label>
      <textarea
        id={`${id}-text`}
        className="sp-change__input"
        rows={10}
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <FormButtons busy={busy} error={undefined} onCancel={onCancel} />
    </form>
  )
}
