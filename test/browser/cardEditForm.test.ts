import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatDay } from '../../tools/studypulse/taskText.ts'
import { readDay } from '../../ui/core/readDay.ts'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { runAxe } from '../helpers/runAxe.ts'
import { pageInChromium, readmePictures } from './pageInChromium.ts'

// `npm run screenshot` refreshes the app guide's picture of the card's edit form.
const guidePicture = join(readmePictures, 'card-edit-form.png')
const refusedPicture = join(readmePictures, 'card-edit-refused.png')
const chromium = pageInChromium()

let h: AppHarness
let page: Page
/** What the page asked the server for: the form's code and the edits it posted. */
let requested: string[]

beforeEach(async () => {
  h = await startHarness({ distDir: chromium.distDir })
  page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.on('pageerror', (error) => {
    throw error
  })
  requested = []
  page.on('request', (request) => {
    requested.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  await page.goto(h.server.url)
})

afterEach(async () => {
  await page?.close()
  await h?.dispose()
})

const card = () => page.locator('.sp-card[data-state="pending"]')
const form = () => card().locator('.sp-card__form')
const formCode = () => requested.filter((r) => /\/assets\/CardEditForm-[^/]*\.js$/.test(r))
const edits = () => requested.filter((r) => /^POST \/api\/runs\/[^/]+\/edit$/.test(r))

async function openCard() {
  await page.getByLabel('Message').fill('add a task to review chapter 3 by monday, importance 4')
  await page.getByLabel('Message').press('Enter')
  await card().waitFor()
}

describe("a card's Edit is a form, in real Chromium against the real server", () => {
  it('loads the form only when Edit is pressed; a day typed as "friday" makes a new card due that Friday', async () => {
    await openCard()
    const first = await card().getAttribute('data-confirmation-id')
    // The form's code is not part of the page's first load.
    expect(formCode()).toEqual([])
    await card().getByRole('button', { name: 'Edit' }).click()
    const title = form().getByLabel('Title')
    await title.waitFor()
    expect(formCode()).toHaveLength(1)
    // The form starts from the card's arguments; the focus is in its first field.
    expect(await title.inputValue()).toBe('Review chapter 3')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await title.getAttribute('id'),
    )
    expect(await form().getByLabel('Importance').inputValue()).toBe('4')
    expect(await form().getByLabel('Importance').getAttribute('type')).toBe('number')
    const due = form().getByLabel('Due', { exact: true })
    expect(await due.inputValue()).toMatch(/^Mon \d{1,2} [A-Z][a-z]{2} \d{4}$/)

    await due.fill('friday')
    const friday = readDay('friday', new Date()) as string
    expect(new Date(`${friday}T12:00:00`).getDay()).toBe(5)
    // The day it understood is spelled out under the field, and the calendar shows it.
    await form()
      .locator('.sp-day__readout', { hasText: formatDay(friday) })
      .waitFor()
    const calendar = form().getByLabel('Due: pick a day on a calendar')
    expect(await calendar.inputValue()).toBe(friday)
    // Issue #48: one day format. The calendar is only its button: it has no room to write the
    // day in the browser's own order (12/10/2026), only the app's words say it.
    expect((await calendar.boundingBox())?.width).toBeLessThan(56)
    expect(await form().getByLabel('Due', { exact: true }).getAttribute('placeholder')).not.toMatch(
      /\d{4}-\d{2}/,
    )
    expect(await runAxe(page, '.sp-card[data-state="pending"]')).toEqual([])
    await card().screenshot({ path: guidePicture })

    // Keyboard only: Enter in a field saves.
    await form().getByLabel('Importance').press('Enter')
    await page.locator('.sp-card[data-state="replaced"]').waitFor()
    await card().waitFor()
    expect(await card().getAttribute('data-confirmation-id')).not.toBe(first)
    expect(await card().locator('.sp-card__preview').textContent()).toBe(
      `Create task “Review chapter 3”, due ${formatDay(friday)}, importance 4 of 5`,
    )
    expect(edits()).toHaveLength(1)

    await card().getByRole('button', { name: 'Allow once' }).click()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    const [task] = (await h.workspace.readTasks()).filter((t) => t.title === 'Review chapter 3')
    expect(task?.due).toBe(friday)
  })

  it('refuses a value in place, in plain words, and sends nothing until it is fixed; axe is clean', async () => {
    await openCard()
    const first = await card().getAttribute('data-confirmation-id')
    await card().getByRole('button', { name: 'Edit' }).click()
    const importance = form().getByLabel('Importance')
    await importance.waitFor()
    await importance.fill('9')
    await form().getByLabel('Due', { exact: true }).fill('someday soon')
    await form().getByRole('button', { name: 'Save changes' }).click()
    await form().getByText('Importance can be at most 5.').waitFor()
    await form().getByText('Due: write a day, such as friday, next monday or 4 Dec.').waitFor()
    expect(await form().textContent()).not.toMatch(/Invalid ISO|must be <=|expected/)
    // Refused in the page: the card waits as it was and no edit reached the server.
    expect(edits()).toEqual([])
    expect(await card().getAttribute('data-confirmation-id')).toBe(first)
    // Each error is tied to its field for a screen reader.
    const describedBy = (await importance.getAttribute('aria-describedby')) ?? ''
    const errorId = await form().locator('.error-detail').first().getAttribute('id')
    expect(describedBy.split(' ')).toContain(errorId)
    expect(await runAxe(page, '.sp-card[data-state="pending"]')).toEqual([])
    await form().screenshot({ path: refusedPicture })

    await importance.fill('3')
    await form().getByLabel('Due', { exact: true }).fill('next monday')
    await form().getByRole('button', { name: 'Save changes' }).click()
    await page.locator('.sp-card[data-state="replaced"]').waitFor()
    const monday = readDay('next monday', new Date()) as string
    expect(await card().locator('.sp-card__preview').textContent()).toBe(
      `Create task “Review chapter 3”, due ${formatDay(monday)}, importance 3 of 5`,
    )
  })

  it('Escape cancels the edit and the card waits unchanged, its buttons back', async () => {
    await openCard()
    await card().getByRole('button', { name: 'Edit' }).click()
    await form().getByLabel('Title').waitFor()
    await form().getByLabel('Title').fill('Something else')
    await form().getByLabel('Title').press('Escape')
    await card().getByRole('button', { name: 'Allow once' }).waitFor()
    expect(await card().locator('.sp-card__form').count()).toBe(0)
    expect(edits()).toEqual([])
    expect(await card().locator('.sp-card__preview').textContent()).toMatch(/Review chapter 3/)
  })
})
