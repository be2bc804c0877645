import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { plainText } from '../../../tools/studypulse/plainText.ts'
import { snippet } from '../../../tools/studypulse/snippet.ts'
import { MemoryWorkspace } from '../../../workspace/MemoryWorkspace.ts'

describe('plainText: markdown as the words a person reads', () => {
  it.each([
    ['# Lecture 1: Photosynthesis', 'Lecture 1: Photosynthesis'],
    ['## Where it happens ##', 'Where it happens'],
    ['- In the chloroplast', 'In the chloroplast'],
    ['  * nested item', 'nested item'],
    ['3. The electrons pass', 'The electrons pass'],
    ['- [x] revise cells', 'revise cells'],
    ['> quoted **bold** text', 'quoted bold text'],
    ['an *emphasis* and _another_ and ~~gone~~', 'an emphasis and another and gone'],
    ['keep snake_case_names and 2 * 3 * 4', 'keep snake_case_names and 2 * 3 * 4'],
    ['see [the notes](https://example.com/x) or ![a leaf](leaf.png)', 'see the notes or a leaf'],
    ['run `npm test` now', 'run npm test now'],
    ['a <b>tag</b> and <https://example.com>', 'a tag and https://example.com'],
    ['| cell a | cell b |', 'cell a cell b'],
    ['| --- | :---: |', ''],
    ['---', ''],
    ['```js', ''],
    ['an escaped \\*star\\*', 'an escaped *star*'],
    ['C# and F# stay', 'C# and F# stay'],
  ])('%s → %s', (markdown, plain) => {
    expect(plainText(markdown)).toBe(plain)
  })
})

describe('search snippets are plain text', () => {
  it('a heading and a list item read without # and - ', () => {
    const text = '# Lecture 1: Photosynthesis\n\n- Light is **absorbed** by chlorophyll.'
    expect(snippet(text, 'chlorophyll')).toBe(
      'Lecture 1: Photosynthesis Light is absorbed by chlorophyll.',
    )
  })

  it('begins and ends on whole words, never inside one (issue #48: “photosy…”)', () => {
    const text =
      'Reading notes: how the two lectures connect. Photosynthesis and cellular respiration are roughly mirror images: photosynthesis stores energy and respiration releases it.'
    const excerpt = snippet(text, 'cellular', 40)
    expect(excerpt).toBe(
      '…lectures connect. Photosynthesis and cellular respiration are roughly mirror images:…',
    )
    // The words either side of the cut are whole words of the text.
    const inner = excerpt?.replace(/^…|…$/g, '') ?? ''
    for (const word of inner.split(' ')) expect(text.split(/\s+/)).toContain(word)
  })

  it('a match across emphasis marks is found', () => {
    expect(snippet('the **Calvin** cycle', 'calvin cycle')).toBe('the Calvin cycle')
  })

  it('search_workspace over the sample notebook returns snippets without markdown syntax', async () => {
    const workspace = await MemoryWorkspace.withSamples()
    const [notebook] = await workspace.readNotebooks()
    const tools = createToolRegistry()
    const result = await tools.execute(
      tools.prepare('c1', 'search_workspace', { query: 'photosynthesis' }),
      {
        workspace,
        now: new Date(),
        sourcePaths: notebook?.sources ?? [],
        signal: new AbortController().signal,
        generateId: () => 'x',
      },
    )
    if (!result.ok) throw new Error(result.error.message)
    const { matches } = result.data as { matches: { ref: string; snippet: string }[] }
    const lecture = matches.find((m) => m.ref === 'lecture-1.md') as
      | { ref: string; snippet: string; title?: string }
      | undefined
    // Titled as the panel shows a source (issue #48): the answer quotes the title, not the file.
    expect(lecture?.title).toBe('Lecture 1')
    expect(lecture?.snippet).toMatch(/^Lecture 1: Photosynthesis Photosynthesis is how plants/)
    for (const match of matches) expect(match.snippet).not.toMatch(/(^|\s)(#+|[-*]) |\*\*|`/)
  })
})
