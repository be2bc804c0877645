import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/launchChromium.ts'
import { runAxe } from '../helpers/runAxe.ts'
import { readmePictures, shots } from './pageInChromium.ts'
import { type ServedPage, servePageFolder } from './servePageFolder.ts'

// `npm run screenshot` refreshes the app guide's picture of a notes card (docs/note-card.png).
const notePicture = join(readmePictures, 'note-card.png')

let browser: Browser
let served: ServedPage
let page: Page

beforeAll(async () => {
  served = await servePageFolder(join(import.meta.dirname, 'everyCardPage'))
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 760, height: 1000 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(served.url)
  await page.locator('body[data-ready="true"]').waitFor()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

const box = (kind: string) => page.locator(`[data-card-kind="${kind}"]`)
const axeOn = (kind: string) => runAxe(page, `[data-card-kind="${kind}"]`)

// Issue #40: "axe clean on every card kind", WCAG 2.1 A/AA and best practices, every impact.
describe('a card of every kind, in real Chromium, has no axe finding', () => {
  it('the check can fail: a nameless button planted in a card box is found', async () => {
    await page.evaluate(() => {
      const planted = document.createElement('div')
      planted.dataset.cardKind = 'planted'
      planted.innerHTML = '<button type="button"></button>'
      document.querySelector('.sp-card-gallery')?.append(planted)
    })
    expect((await axeOn('planted')).map((f) => f.id)).toContain('button-name')
    await page.evaluate(() => document.querySelector('[data-card-kind="planted"]')?.remove())
  })

  it.each([
    ['create-task', 'Add a task', /Create task “Read chapter 5”/],
    ['update-task', 'Change a task', /Change “Essay on photosynthesis”/],
    ['save-note', 'Save a note', /Essay outline/],
    ['delete-task', 'Delete a task', /Delete task “Review chapter 3”/],
    ['forget-memory', 'Forget something', /Forget “I study best in the morning”/],
    ['run-code', 'Run code in the sandbox', /Work something out \(2 lines of code/],
    ['mcp-tool', 'Use write_file on MCP server files', /notes\/plan\.txt/],
  ])('%s', async (kind, action, headline) => {
    const card = box(kind).locator('.sp-card')
    expect(await card.locator('.sp-card__tool').textContent()).toBe(action)
    expect(await card.locator('.sp-card__preview').textContent()).toMatch(headline)
    await card.getByRole('button', { name: 'Allow once' }).waitFor()
    expect(await axeOn(kind)).toEqual([])
  })

  it('a note changed line by line, and a note deleted with all its text as what goes', async () => {
    const update = box('update-note').locator('.sp-card')
    expect(await update.locator('.sp-card__preview').textContent()).toMatch(
      /your note “Exam plan” \(\+2 −2 lines\)/,
    )
    expect(await update.locator('.sp-diff__line--added ins').allTextContents()).toEqual([
      'Week 1: revise cells and membranes',
      'Sleep before 11 every night',
    ])
    expect(await axeOn('update-note')).toEqual([])
    await update.screenshot({ path: notePicture })

    const remove = box('delete-note').locator('.sp-card')
    expect(await remove.locator('.sp-card__preview').textContent()).toBe(
      'Delete your note “Lab safety” (3 lines)',
    )
    expect(await remove.locator('.sp-diff__line--removed del').allTextContents()).toEqual([
      'Goggles on',
      'No food in the lab',
      'Wash hands before leaving',
    ])
    expect(await axeOn('delete-note')).toEqual([])
  })

  it('an undo that brings a task back is shown as a write; one undone already offers only Dismiss', async () => {
    const undo = box('undo').locator('.sp-card')
    expect(await undo.getAttribute('class')).toMatch(/sp-card--write/)
    expect(await undo.locator('.sp-card__preview').textContent()).toMatch(/Email my tutor/)
    expect(await axeOn('undo')).toEqual([])

    for (const kind of ['undone-already', 'missing-note']) {
      const card = box(kind).locator('.sp-card')
      expect(await card.getByRole('button').allTextContents()).not.toContain('Allow once')
      await card.getByRole('button', { name: 'Dismiss' }).waitFor()
      expect(await axeOn(kind)).toEqual([])
    }
    expect(await box('missing-note').textContent()).toContain(
      'There is no note called “Chemistry formulas”',
    )
  })

  it('a card with its edit form open', async () => {
    const card = box('edit-form').locator('.sp-card')
    await card.getByRole('button', { name: 'Edit' }).click()
    const title = card.locator('.sp-card__form').getByLabel('Title')
    await title.waitFor()
    expect(await title.inputValue()).toBe('Review chapter 4')
    expect(await axeOn('edit-form')).toEqual([])
  })

  it('a card while the server cannot be reached: Allow and Deny disabled, and why', async () => {
    const card = box('server-lost').locator('.sp-card')
    await card
      .getByTestId('card-unavailable')
      .getByText(/cannot reach StudyPulse/)
      .waitFor()
    expect(await card.getByRole('button', { name: 'Allow once' }).isDisabled()).toBe(true)
    expect(await card.getByRole('button', { name: 'Deny' }).isDisabled()).toBe(true)
    expect(await axeOn('server-lost')).toEqual([])
    await page.screenshot({ path: join(shots, 'every-card-kind.png'), fullPage: true })
  })
})
