import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import { Markdown } from './Markdown.tsx'

/** What a reader pane shows: a document being read, its text (markdown or plain), or why not. */
export type ReaderBody =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'markdown'; text: string }
  | { kind: 'text'; text: string }

/** Props of `ReaderPane`. */
export interface ReaderPaneProps {
  /** The document's name, the pane's heading. */
  title: string
  /** A line under the heading: what and where the document is. */
  meta?: string
  /** The text read; none for a pane that is only its heading and `children`. */
  body?: ReaderBody
  /** Back to the list (also Escape). */
  onClose: () => void
  /** What follows the heading, before the text: e.g. the item's Edit and Delete. */
  children?: ReactNode
}

/**
 * One note or source, read in full: a Back button, the title (focused on open, so a screen reader
 * starts there), and the text, markdown rendered as elements (see `Markdown`) or plain text as is.
 */
export function ReaderPane({ title, meta, body, onClose, children }: ReaderPaneProps) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    onClose()
  }
  return (
    <section className="sp-reader" aria-labelledby={headingId} onKeyDown={closeOnEscape}>
      <button
        type="button"
        className="sp-button sp-button--secondary sp-button--small sp-reader__back"
        onClick={onClose}
      >
        <span aria-hidden="true">← </span>Back
      </button>
      <h2 className="sp-reader__title" id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {meta ? <p className="sp-list__meta sp-reader__meta">{meta}</p> : null}
      {children}
      {body === undefined ? null : <ReaderText body={body} />}
    </section>
  )
}

function ReaderText({ body }: { body: ReaderBody }) {
  return (
    <div className="sp-reader__body" aria-busy={body.kind === 'loading'}>
      {body.kind === 'loading' ? (
        <p className="sp-muted">Opening…</p>
      ) : body.kind === 'failed' ? (
        <p className="sp-notice sp-notice--error">{body.message}</p>
      ) : body.kind === 'markdown' ? (
        <Markdown text={body.text} />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <pre className="sp-reader__text" tabIndex={0}>
          {body.text}
        </pre>
      )}
    </div>
  )
}
