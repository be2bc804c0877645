import { describe, expect, test } from 'vitest'
import { safeReturnPath } from '../../../app/server/auth/signInFlow.ts'

const origin = 'https://study.example.edu'

// Browsers drop tabs and newlines from a URL and read `\` as `/`: a return path is judged the way
// a browser will read the Location header, never by how its text starts.
describe('the path a sign-in returns to stays on the public origin', () => {
  test.each([
    ['/\t/evil.example/x'],
    ['/\n/evil.example/x'],
    ['/\r\n/evil.example'],
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['\\/evil.example'],
    ['https://evil.example/x'],
    ['javascript:alert(1)'],
    [''],
    [null],
    [undefined],
  ])('%j goes to the home page', (text) => {
    expect(safeReturnPath(text, origin)).toBe('/')
  })

  test.each([
    ['/', '/'],
    ['/runs/r-1?tab=cards#c-2', '/runs/r-1?tab=cards#c-2'],
    ['/\tnotes', '/notes'],
    [`${origin}/runs/r-1`, '/runs/r-1'],
    // A relative path is a path of this app, whatever it looks like.
    ['evil.example', '/evil.example'],
  ])('%j on this origin is kept as %j (what the browser would open)', (text, kept) => {
    expect(safeReturnPath(text, origin)).toBe(kept)
  })

  test('nothing it returns carries a control character into a Location header', () => {
    for (const text of ['/a\tb', '/a\nb', '/\u0000x', '/x\u007f']) {
      const kept = [...safeReturnPath(text, origin)].map((c) => c.charCodeAt(0))
      expect(kept.filter((code) => code < 0x20 || code === 0x7f)).toEqual([])
    }
  })
})
