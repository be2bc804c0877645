import type { AnswerChoices as Choices } from '../../vocabulary/answerChoices.ts'
import { Markdown } from './Markdown.tsx'

/** Props of `AnswerChoices`. */
export interface AnswerChoicesProps {
  /** The answer's question and the requests it offers. */
  asked: Choices
  /** Sends a choice's words as the person's next message; without it the choices are only read. */
  onChoose?: ((words: string) => void) | undefined
}

/**
 * An answer that asks back: its question, then one button per choice. A click sends the choice's
 * words, as if typed; the numbers stay, so "2" typed means the same as the second button.
 */
export function AnswerChoices({ asked, onChoose }: AnswerChoicesProps) {
  return (
    <div className="sp-answer">
      <Markdown className="sp-bubble sp-bubble--assistant" text={asked.question} />
      <fieldset className="sp-choices" aria-label="Choices">
        {asked.choices.map((words, i) => (
          <button
            key={words}
            type="button"
            className="sp-choice"
            disabled={onChoose === undefined}
            onClick={() => onChoose?.(words)}
          >
            <span aria-hidden="true">{i + 1}. </span>
            {words}
          </button>
        ))}
      </fieldset>
    </div>
  )
}
