import { visibleText } from '../../vocabulary/visibleText.ts'

/** Props of `CodeBlock`. */
export interface CodeBlockProps {
  code: string
  /** What the block is, for screen readers. */
  label?: string
}

/**
 * Source code in full: monospace, numbered lines; a long line wraps under its own text (keeping
 * its one number), so nothing is off to the side; a long program scrolls down. Nothing is cut.
 */
export function CodeBlock({ code, label = 'Code' }: CodeBlockProps) {
  // Each line as it runs: a bidi override or zero-width character shows as <U+XXXX>.
  const lines = code
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => visibleText(line, 'mark'))
  return (
    <figure className="sp-code-block" aria-label={label}>
      {/* Focusable, so a keyboard can scroll a long program into view. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <pre className="sp-code" data-lines={lines.length} data-wrap="lines" tabIndex={0}>
        <code>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line has no identity beyond its number.
            <span className="sp-code__line" key={index}>
              <span className="sp-code__number" aria-hidden="true">
                {index + 1}
              </span>
              {/* The newline inside the text: a loose one would be a third cell of the line's grid. */}
              <span className="sp-code__text">{`${line}\n`}</span>
            </span>
          ))}
        </code>
      </pre>
    </figure>
  )
}
