import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { type ServedPage, servePageFolder } from './servePageFolder.ts'

// `STUDYPULSE_SCREENSHOT=docs` (npm run screenshot) refreshes the README's picture of a card with a diff.
const picture =
  process.env.STUDYPULSE_SCREENSHOT === 'docs'
    ? join(repoRoot, 'docs', 'card-diff.png')
    : join(repoRoot, 'screenshots', 'card-diff.png')
// The same run makes docs/undo-card.png, the guides' picture of an undo card.
const undoPicture = join(
  repoRoot,
  process.env.STUDYPULSE_SCREENSHOT === 'docs' ? 'docs' : 'screenshots',
  'undo-card.png',
)
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
let browser: Browser
let served: ServedPage
let page: Page

beforeAll(async () => {
  served = await servePageFolder(join(import.meta.dirname, 'cardPage'))
  await mkdir(join(repoRoot, 'screenshots'), { recursive: true })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 760, height: 1400 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(served.url)
  await page.locator('.sp-diff').first().waitFor()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

describe('a run_code card, in real Chromium', () => {
  it('wraps a long line so all the program is visible without scrolling sideways', async () => {
    const code = page.locator('.sp-card .sp-code')
    expect(await code.count()).toBe(1)
    const box = await code.evaluate((pre) => {
      const [end, short] = [...pre.querySelectorAll<HTMLElement>('.sp-code__text')]
      if (end === undefined || short === undefined) throw new Error('two lines expected')
      const lineHeight = Number.parseFloat(getComputedStyle(end).lineHeight)
      return {
        shortRows: Math.round(short.getBoundingClientRect().height / lineHeight),
        scrollWidth: pre.scrollWidth,
        clientWidth: pre.clientWidth,
        preRight: pre.getBoundingClientRect().right,
        textRight: end.getBoundingClientRect().right,
        rows: Math.round(end.getBoundingClientRect().height / lineHeight),
        numbers: [...pre.querySelectorAll('.sp-code__number')].map((n) => n.textContent),
        numberTop: (pre.querySelector('.sp-code__number') as HTMLElement).getBoundingClientRect()
          .top,
        textTop: end.getBoundingClientRect().top,
      }
    })
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth)
    expect(box.textRight).toBeLessThanOrEqual(box.preRight)
    // It did wrap, and the wrapped line keeps one number, beside its first row.
    expect(box.rows).toBeGreaterThan(1)
    expect(box.numbers).toEqual(['1', '2'])
    // A line that fits is one row: its newline adds no empty row.
    expect(box.shortRows).toBe(1)
    expect(Math.abs(box.numberTop - box.textTop)).toBeLessThan(1)
    // The dangerous end is on screen inside the card's box, not scrolled off to the side.
    const end = page.locator('.sp-code__text', { hasText: 'while(true){}' })
    expect(await end.isVisible()).toBe(true)
  })
})

describe('a card with a description, in real Chromium', () => {
  it('shows the overwrite as a visible line diff, marked by more than colour', async () => {
    const card = page.locator('.sp-card').first()
    expect(await card.locator('.sp-card__preview').textContent()).toBe(
      'Overwrite your note “Exam plan” (+2 −2 lines)',
    )
    const diff = card.locator('.sp-diff')
    expect(await diff.isVisible()).toBe(true)
    const removed = diff.locator('.sp-diff__line--removed del')
    const added = diff.locator('.sp-diff__line--added ins')
    expect(await removed.allTextContents()).toEqual(['Week 1: revise cells', 'Sleep early'])
    expect(await added.allTextContents()).toEqual([
      'Week 1: revise cells and membranes',
      'Sleep before 11 every night',
    ])
    // Struck through and marked − / +, not told by colour alone.
    expect(await removed.first().evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
      'line-through',
    )
    expect(await diff.locator('.sp-diff__line--added .sp-diff__mark').first().textContent()).toBe(
      '+added',
    )
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Deny')
    await card.screenshot({ path: picture })
  })

  it('shows the task change as a table of now and after, and the delete under its real title', async () => {
    const change = page.locator('.sp-card').nth(1)
    expect(await change.locator('.sp-card__preview').textContent()).toBe(
      'Change “Essay on photosynthesis”: due Fri 4 Dec 2026 → Mon 7 Dec 2026; importance 3 of 5 → 5 of 5',
    )
    expect(await change.locator('tr[data-changed] ins').allTextContents()).toEqual([
      'Mon 7 Dec 2026',
      '5 of 5',
    ])
    const gone = page.locator('.sp-card').nth(2)
    expect(await gone.locator('.sp-card__preview').textContent()).toBe(
      'Delete task “Review chapter 3”',
    )
    expect(await gone.locator('.sp-described__notice').textContent()).toContain(
      'Something else entirely',
    )
  })

  it('shows an undo card as any card: what taking the change back does, line by line', async () => {
    const undo = page.locator('.sp-card').filter({ hasText: 'Undo saving a note' })
    expect(await undo.locator('.sp-card__preview').textContent()).toBe(
      'Undo saving a note: put the note “Exam plan” back as it was',
    )
    // The inverse: the line the change wrote goes, the lines it replaced come back.
    expect(await undo.locator('.sp-diff__line--removed del').allTextContents()).toEqual([
      'Week 1: genetics',
    ])
    expect(await undo.locator('.sp-diff__line--added ins').allTextContents()).toEqual([
      'Week 1: revise cells',
      'Sleep early',
    ])
    // Not the destructive level's "cannot be undone": an undo can itself be undone.
    expect(await undo.locator('.sp-card__explain').textContent()).toMatch(
      /Undoing this undo makes the change again/,
    )
    await undo.screenshot({ path: undoPicture })
  })

  it('axe finds no serious or critical issue on the cards', async () => {
    await page.addScriptTag({ path: axePath })
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: string,
            ) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>
          }
        }
      ).axe
      const result = await axe.run('.sp-card-gallery')
      return result.violations.map(({ id, impact, nodes }) => ({ id, impact, count: nodes.length }))
    })
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  })
})
