/** Passages of a source or note ranked for a question with minisearch (BM25, prefix and fuzzy terms). */

import MiniSearch from 'minisearch'

/** One line of a document, with the heading it sits under and where it came from. */
export interface Passage {
  id: number
  source: string
  heading: string
  text: string
}

/** A markdown document cut into passages: one per line of text (bullets, numbered steps, paragraphs). */
export function passagesOf(source: string, markdown: string, firstId = 0): Passage[] {
  const passages: Passage[] = []
  let heading = ''
  let pending: Passage | undefined
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim()
    const head = /^#{1,6}\s+(.+)$/.exec(line)
    if (head) {
      heading = head[1] ?? ''
      pending = undefined
      continue
    }
    if (line === '') {
      pending = undefined
      continue
    }
    const text = line.replace(/^(?:[-*+]|\d+[.)])\s+/, '')
    // A line that does not start a bullet goes on the one before it (a wrapped bullet).
    if (pending !== undefined && !/^(?:[-*+]|\d+[.)])\s/.test(line)) {
      pending.text = `${pending.text} ${text}`
      continue
    }
    pending = { id: firstId + passages.length, source, heading, text }
    passages.push(pending)
  }
  return passages
}

/** The passages that best answer `question`, best first (at most `limit`). */
export function rankPassages(passages: readonly Passage[], question: string, limit = 2): Passage[] {
  const index = new MiniSearch<Passage>({
    fields: ['text', 'heading'],
    storeFields: ['id'],
    processTerm: (term) => (STOP.has(term.toLowerCase()) ? null : term.toLowerCase()),
  })
  index.addAll([...passages])
  const hits = index.search(question, {
    boost: { heading: 1.5 },
    prefix: (term) => term.length > 3,
    fuzzy: (term) => (term.length > 5 ? 0.2 : false),
    combineWith: 'OR',
  })
  const byId = new Map(passages.map((p) => [p.id, p]))
  return hits.slice(0, limit).flatMap((hit) => byId.get(hit.id as number) ?? [])
}

const STOP = new Set(
  'a an the of to in on at for and or is are was were be do does did can could should would will what who why how when where which whose me my i you your it this that about tell explain please there say said says take place happen happens mean means make makes get use from with as by lecture lectures notes note reading source sources'.split(
    ' ',
  ),
)
