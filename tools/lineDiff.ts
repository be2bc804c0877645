import { structuredPatch } from 'diff'
import type { LineDiff } from '../vocabulary/CallDescription.ts'

/** Lines of context around each change, as `diff -u` shows. */
const contextLines = 3
/** The most lines a card shows; the counts still cover them all. */
const maxShownLines = 300
/** The longest line shown whole. */
const maxLineLength = 500
// Past this many edits Myers' algorithm gets slow; the card then shows the texts replaced whole.
const maxEditLength = 2_000

/** The line diff from `before` to `after` (made with the `diff` package), sized for a card. */
export function lineDiff(before: string, after: string): LineDiff {
  const patch = structuredPatch('before', 'after', withEnd(before), withEnd(after), '', '', {
    context: contextLines,
    maxEditLength,
  })
  const hunks = patch?.hunks ?? [wholeHunk(before, after)]
  let added = 0
  let removed = 0
  let shown = 0
  let truncated = false
  const kept: LineDiff['hunks'] = []
  for (const hunk of hunks) {
    const lines: LineDiff['hunks'][number]['lines'] = []
    for (const line of hunk.lines) {
      // "\ No newline at end of file" is about the file, not a line of the note.
      if (line.startsWith('\\')) continue
      const kind = line[0] === '+' ? 'added' : line[0] === '-' ? 'removed' : 'same'
      if (kind === 'added') added += 1
      if (kind === 'removed') removed += 1
      if (shown >= maxShownLines) {
        truncated = true
        continue
      }
      shown += 1
      lines.push({ kind, text: shorten(line.slice(1)) })
    }
    if (lines.length > 0) kept.push({ ...position(hunk), lines })
  }
  return truncated ? { hunks: kept, added, removed, truncated } : { hunks: kept, added, removed }
}

interface Hunk {
  oldStart: number
  oldLines: number
  newStart: number
  newLines: number
  lines: string[]
}

function position(hunk: Hunk): Omit<Hunk, 'lines'> {
  const { oldStart, oldLines, newStart, newLines } = hunk
  return { oldStart, oldLines, newStart, newLines }
}

/** Everything removed, then everything added: for texts too different to diff line by line. */
function wholeHunk(before: string, after: string): Hunk {
  const old = splitLines(before)
  const next = splitLines(after)
  return {
    oldStart: old.length === 0 ? 0 : 1,
    oldLines: old.length,
    newStart: next.length === 0 ? 0 : 1,
    newLines: next.length,
    lines: [...old.map((line) => `-${line}`), ...next.map((line) => `+${line}`)],
  }
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n')
}

// One line ending, and a final newline on both texts, so a last line that gained text shows as
// changed rather than as "no newline at end of file".
function withEnd(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n')
  return lines === '' || lines.endsWith('\n') ? lines : `${lines}\n`
}

function shorten(line: string): string {
  return line.length <= maxLineLength ? line : `${line.slice(0, maxLineLength - 1)}…`
}
