import { type ComponentProps, createElement, useId } from 'react'
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { safeLinkUrl } from '../core/safeLinkUrl.ts'

/** Props of `Markdown`. */
export interface MarkdownProps {
  /** Untrusted markdown: a model's answer, a note, a source. */
  text: string
  /** How many levels the text's own headings move down (default 2: `#` is an `h3`, under the page's `h1` and a pane's `h2`). */
  headingOffset?: number
  className?: string
}

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentProps<T> & ExtraProps

/**
 * Markdown (CommonMark and GitHub's tables, strikethrough and task lists) as React elements, never
 * as HTML: raw HTML in the text shows as text, a link works only to `http:`, `https:` or
 * `mailto:`, and an image is a link to it, never loaded (an image URL could carry the
 * conversation to whoever wrote it).
 */
export function Markdown({ text, headingOffset = 2, className }: MarkdownProps) {
  // Footnote ids must not clash between two answers on one page.
  const prefix = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-`
  return (
    <div className={`sp-md${className ? ` ${className}` : ''}`}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        remarkRehypeOptions={{ clobberPrefix: prefix }}
        urlTransform={safeLinkUrl}
        components={componentsFor(headingOffset)}
      >
        {text}
      </ReactMarkdown>
    </div>
  )
}

const levels = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const

const cache = new Map<number, Components>()

function componentsFor(offset: number): Components {
  const known = cache.get(offset)
  if (known !== undefined) return known
  const heading =
    (level: number) =>
    ({ node: _, ...props }: Props<'h1'>) =>
      createElement(levels[Math.min(5, Math.max(0, level - 1 + offset))] as string, props)
  const components: Components = {
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    a: Link,
    img: Image,
    input: TaskCheck,
    pre: ({ node: _, ...props }: Props<'pre'>) => (
      // Focusable, so a keyboard can scroll a long line into view.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      <pre {...props} tabIndex={0} />
    ),
    table: ({ node: _, ...props }: Props<'table'>) => (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      <div className="sp-md__table" tabIndex={0}>
        <table {...props} />
      </div>
    ),
    // GitHub's footnotes come in a <section>, which would be one more landmark per answer.
    section: ({ node: _, ref: __, ...props }: Props<'section'>) => <div {...props} />,
  }
  cache.set(offset, components)
  return components
}

function Link({ node: _, href, children, ...props }: Props<'a'>) {
  // An unsafe URL arrives here as '' (see safeLinkUrl): the words stay, the link goes.
  if (href === undefined || href === '') return <span className="sp-md__dead-link">{children}</span>
  // A footnote reference stays on the page.
  if (href.startsWith('#'))
    return (
      <a {...props} href={href}>
        {children}
      </a>
    )
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
      <span className="sp-visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

function Image({ src, alt }: Props<'img'>) {
  const label = alt ? `image: ${alt}` : 'image'
  if (typeof src !== 'string' || src === '') return <span className="sp-md__image">[{label}]</span>
  return (
    <a className="sp-md__image" href={src} target="_blank" rel="noopener noreferrer nofollow">
      [{label}]<span className="sp-visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

// A task list item's box is a picture of its state, not a control: nothing here can tick it.
function TaskCheck({ checked }: Props<'input'>) {
  return (
    <span className="sp-md__check" role="img" aria-label={checked ? 'done' : 'not done'}>
      {checked ? '☑' : '☐'}
    </span>
  )
}
