import {
  type CallDescription,
  type DescribedField,
  fieldTableKind,
  type LineDiff,
} from '../../vocabulary/CallDescription.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import { visibleDescription } from '../../vocabulary/visibleDescription.ts'

/** Props of `CallDescriptionView`. */
export interface CallDescriptionViewProps {
  description: CallDescription
}

const captions = {
  new: 'What it will hold',
  gone: 'What goes',
  change: 'What changes',
} as const

/**
 * What a call will change, as its description says: a note about the description, the field
 * table and the line diff. Changes are told in words and marks (+, −, struck through), never by
 * colour alone.
 */
export function CallDescriptionView({ description }: CallDescriptionViewProps) {
  // Data from the workspace and the model: bidi and zero-width characters shown, not obeyed.
  const { notice, fields, diff } = visibleDescription(description)
  return (
    <div className="sp-described">
      {notice ? (
        <p className="sp-described__notice" data-notice={notice.code}>
          <span aria-hidden="true">⚠ </span>
          {notice.text}
        </p>
      ) : null}
      {fields && fields.length > 0 ? <FieldTable fields={fields} /> : null}
      {diff ? <LineDiffView diff={diff} /> : null}
    </div>
  )
}

function FieldTable({ fields }: { fields: readonly DescribedField[] }) {
  const kind = fieldTableKind(fields)
  return (
    <table className={`sp-fields sp-fields--${kind}`}>
      <caption className="sp-fields__caption">{captions[kind]}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          {kind === 'change' ? (
            <>
              <th scope="col">Now</th>
              <th scope="col">After</th>
            </>
          ) : (
            <th scope="col">{kind === 'new' ? 'Will be' : 'Is now'}</th>
          )}
        </tr>
      </thead>
      <tbody>
        {fields.map((field, i) => {
          const changed = kind === 'change' && field.before !== field.after
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a tool may name two rows alike; the place keeps them apart.
            <tr key={`${i}:${field.label}`} data-changed={changed || undefined}>
              <th scope="row">{field.label}</th>
              {kind === 'change' ? (
                <>
                  <td>{changed ? <del>{field.before ?? '(none)'}</del> : field.before}</td>
                  <td>
                    {changed ? (
                      <ins>{field.after ?? '(none)'}</ins>
                    ) : (
                      <span className="sp-fields__same">{field.after} (unchanged)</span>
                    )}
                  </td>
                </>
              ) : (
                <td>{field.after ?? field.before}</td>
              )}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

const marks = { added: '+', removed: '−', same: ' ' } as const
const spoken = { added: 'added', removed: 'removed', same: 'unchanged' } as const

function LineDiffView({ diff }: { diff: LineDiff }) {
  const summary = `Line by line: ${countOf(diff.added, 'line')} added, ${countOf(diff.removed, 'line')} removed`
  return (
    <figure className="sp-diff">
      <figcaption className="sp-diff__summary">
        {summary}
        {diff.truncated ? ' (only the first part is shown)' : ''}
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section className="sp-diff__scroll" aria-label={summary} tabIndex={0}>
        <table className="sp-diff__table">
          <thead className="sp-visually-hidden">
            <tr>
              <th scope="col">Line before</th>
              <th scope="col">Line after</th>
              <th scope="col">Change</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          {diff.hunks.map((hunk, h) => {
            let before = hunk.oldStart
            let after = hunk.newStart
            return (
              <tbody key={`${hunk.oldStart}:${hunk.newStart}`} className="sp-diff__hunk">
                {h > 0 ? (
                  <tr className="sp-diff__gap">
                    <td colSpan={4}>
                      <span aria-hidden="true">⋯</span>
                      <span className="sp-visually-hidden">unchanged lines skipped</span>
                    </td>
                  </tr>
                ) : null}
                {hunk.lines.map((line, i) => {
                  const oldNumber = line.kind === 'added' ? '' : before++
                  const newNumber = line.kind === 'removed' ? '' : after++
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a diff line has no identity beyond its place.
                    <tr key={i} className={`sp-diff__line sp-diff__line--${line.kind}`}>
                      <td className="sp-diff__number">{oldNumber}</td>
                      <td className="sp-diff__number">{newNumber}</td>
                      <td className="sp-diff__mark">
                        <span aria-hidden="true">{marks[line.kind]}</span>
                        <span className="sp-visually-hidden">{spoken[line.kind]}</span>
                      </td>
                      <td className="sp-diff__text">
                        {line.kind === 'added' ? (
                          <ins>{line.text}</ins>
                        ) : line.kind === 'removed' ? (
                          <del>{line.text}</del>
                        ) : (
                          line.text
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            )
          })}
        </table>
      </section>
    </figure>
  )
}
