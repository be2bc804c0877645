import type { Nodes, Parents, Root, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { createElement, type ReactNode, useMemo } from 'react'
import { safeLinkUrl } from '../core/safeLinkUrl.ts'

/** Props of `Markdown`. */
export interface MarkdownProps {
  /** Untrusted markdown: a model's answer, a note, a source. */
  text: string
  /** How many levels the text's own headings move down (default 2: `#` is an `h3`, under the page's `h1` and a pane's `h2`). */
  headingOffset?: number
  className?: string
}

/**
 * Markdown (CommonMark and GitHub's tables, strikethrough, task lists, autolinks and footnotes)
 * as React elements, never as HTML. The syntax tree comes from micromark; only the elements
 * below are ever made, each with the attributes written here: raw HTML in the text shows as
 * text, a link works only to `http:`, `https:` or `mailto:` (see `safeLinkUrl`), and an image is
 * a link to it, never loaded (an image URL could carry the conversation to whoever wrote it).
 */
export function Markdown({ text, headingOffset = 2, className }: MarkdownProps) {
  const tree = useMemo(
    () => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
    [text],
  )
  const context: Context = { headingOffset, definitions: definitionsOf(tree), tight: false }
  return <div className={`sp-md${className ? ` ${className}` : ''}`}>{children(tree, context)}</div>
}

interface Context {
  headingOffset: number
  /** Reference definitions (`[id]: url`), by identifier. */
  definitions: ReadonlyMap<string, { url: string; title?: string | null | undefined }>
  /** Inside an item of a tight list, whose paragraphs are not wrapped in `<p>`. */
  tight: boolean
}

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const

// Parents whose children are blocks; the others hold a line of text (phrasing).
const blockParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition'])

function children(parent: Parents, context: Context): ReactNode[] {
  const block = blockParents.has(parent.type)
  return parent.children.map((child, index) => render(child, index, context, block))
}

function render(node: RootContent, key: number, context: Context, block: boolean): ReactNode {
  const inner = () => ('children' in node ? children(node, context) : null)
  switch (node.type) {
    case 'text':
      return node.value
    case 'paragraph':
      return context.tight ? inner() : <p key={key}>{inner()}</p>
    case 'heading': {
      const level = Math.min(6, node.depth + context.headingOffset)
      return createElement(headings[level - 1] as string, { key }, inner())
    }
    case 'emphasis':
      return <em key={key}>{inner()}</em>
    case 'strong':
      return <strong key={key}>{inner()}</strong>
    case 'delete':
      return <del key={key}>{inner()}</del>
    case 'inlineCode':
      return <code key={key}>{node.value}</code>
    case 'break':
      return <br key={key} />
    case 'thematicBreak':
      return <hr key={key} />
    case 'blockquote':
      return <blockquote key={key}>{children(node, { ...context, tight: false })}</blockquote>
    case 'list': {
      const items = children(node, { ...context, tight: node.spread !== true })
      if (!node.ordered) return <ul key={key}>{items}</ul>
      return (
        <ol key={key} {...(node.start != null && node.start !== 1 && { start: node.start })}>
          {items}
        </ol>
      )
    }
    case 'listItem':
      return (
        <li key={key}>
          {typeof node.checked === 'boolean' ? <TaskCheck checked={node.checked} /> : null}
          {children(node, { ...context, tight: context.tight && node.spread !== true })}
        </li>
      )
    case 'code':
      return (
        // Focusable, so a keyboard can scroll a long line into view.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <pre key={key} tabIndex={0}>
          <code>{node.value}</code>
        </pre>
      )
    case 'html':
      // Raw HTML is shown as the text it is: nothing hidden, nothing run.
      return block && !context.tight ? <p key={key}>{node.value}</p> : node.value
    case 'link':
      return <Link key={key} url={node.url} words={inner()} />
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier)
      return <Link key={key} url={definition?.url ?? ''} words={inner()} />
    }
    case 'image':
      return <Image key={key} url={node.url} alt={node.alt} />
    case 'imageReference':
      return (
        <Image key={key} url={context.definitions.get(node.identifier)?.url ?? ''} alt={node.alt} />
      )
    case 'table':
      return <Table key={key} node={node} context={context} />
    case 'footnoteReference':
      return <sup key={key}>[{node.label ?? node.identifier}]</sup>
    case 'footnoteDefinition':
      return (
        <div key={key} className="sp-md__footnote">
          <sup>[{node.label ?? node.identifier}]</sup> {children(node, { ...context, tight: true })}
        </div>
      )
    case 'definition':
      return null
    default:
      // Anything else micromark may make (front matter, math) is shown as its text.
      return 'value' in node && typeof node.value === 'string' ? node.value : inner()
  }
}

function definitionsOf(tree: Root): Context['definitions'] {
  const found = new Map<string, { url: string; title?: string | null | undefined }>()
  const visit = (node: Nodes) => {
    if (node.type === 'definition' && !found.has(node.identifier))
      found.set(node.identifier, { url: node.url, title: node.title })
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(tree)
  return found
}

function Link({ url, words }: { url: string; words: ReactNode }) {
  const href = safeLinkUrl(url)
  // An unsafe URL: the words stay, the link goes.
  if (href === '') return <span className="sp-md__dead-link">{words}</span>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {words}
      <span className="sp-visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

function Image({ url, alt }: { url: string; alt: string | null | undefined }) {
  const label = alt ? `image: ${alt}` : 'image'
  return <Link url={url} words={`[${label}]`} />
}

// A task list item's box is a picture of its state, not a control: nothing here can tick it.
function TaskCheck({ checked }: { checked: boolean }) {
  return (
    <span className="sp-md__check" role="img" aria-label={checked ? 'done' : 'not done'}>
      {checked ? '☑' : '☐'}
    </span>
  )
}

function Table({ node, context }: { node: Extract<Nodes, { type: 'table' }>; context: Context }) {
  const [head, ...body] = node.children
  const cells = (row: (typeof node.children)[number], tag: 'th' | 'td') =>
    row.children.map((cell, index) =>
      createElement(
        tag,
        { key: index, className: alignClass(node.align?.[index]) },
        children(cell, context),
      ),
    )
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <div className="sp-md__table" tabIndex={0}>
      <table>
        {head ? (
          <thead>
            <tr>{cells(head, 'th')}</tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row has no identity beyond its place.
            <tr key={index}>{cells(row, 'td')}</tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function alignClass(align: 'left' | 'right' | 'center' | null | undefined): string | undefined {
  return align ? `sp-md__align-${align}` : undefined
}
