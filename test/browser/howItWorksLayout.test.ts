import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { pageInChromium } from './pageInChromium.ts'

const chromium = pageInChromium()
let h: AppHarness
let page: Page

afterEach(async () => {
  await page?.close()
  await h?.dispose()
})

const card = () => page.locator('.sp-card[data-state="pending"]')

/** The app at a laptop's width with a card waiting and "How it works" open beside it. */
async function openWithChart(
  width: number,
  ask = 'add a task to review chapter 3 by Friday, importance 4',
) {
  h = await startHarness({ distDir: chromium.distDir })
  page = await chromium.browser.newPage({ viewport: { width, height: 900 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(h.server.url)
  await page.getByLabel('Message').fill(ask)
  await page.getByLabel('Message').press('Enter')
  await card().waitFor()
  await page.getByRole('tab', { name: 'How it works' }).click()
  await page.locator('.sp-chart__state--active[data-state="awaitingConfirmation"]').waitFor()
}

describe('"How it works" open beside a waiting card, at 1,400 px wide', () => {
  // A run_code card with one long line is the widest card there is.
  const values = Array.from({ length: 30 }, (_, i) => `value${i}`)
  const longProgram = `run: const ${values.map((v, i) => `${v} = ${i}`).join(', ')}; ${values.join(' + ')}`

  it('clips no card: each card and its buttons lie inside the chat column, nothing scrolls sideways', async () => {
    await openWithChart(1400, longProgram)
    const clipped = await page.evaluate(() => {
      const column = document.querySelector('.app__chat')?.getBoundingClientRect()
      if (column === undefined) return ['no chat column']
      const within = (el: Element) => {
        const r = el.getBoundingClientRect()
        return r.left >= column.left - 0.5 && r.right <= column.right + 0.5
      }
      const out: string[] = []
      for (const el of document.querySelectorAll('.sp-card, .sp-card button, .sp-card pre')) {
        if (!within(el))
          out.push(
            `${el.className || el.tagName} ends at ${el.getBoundingClientRect().right} > ${column.right}`,
          )
        if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'BUTTON')
          out.push(`${el.className} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`)
      }
      return out
    })
    expect(clipped).toEqual([])
  })

  it("draws the chart's labels at 11 px or more, as rendered on screen", async () => {
    await openWithChart(1400)
    const sizes = await page.evaluate(() =>
      [...document.querySelectorAll<SVGTextElement>('.sp-chart__svg text')].map((text) => {
        const scale = text.getScreenCTM()?.a ?? 1
        return {
          text: text.textContent,
          px: Number.parseFloat(getComputedStyle(text).fontSize) * scale,
        }
      }),
    )
    expect(sizes.length).toBeGreaterThan(10)
    const smallest = Math.min(...sizes.map((s) => s.px))
    expect(sizes.filter((s) => s.px < 11)).toEqual([])
    expect(smallest).toBeGreaterThanOrEqual(11)
  })
})
