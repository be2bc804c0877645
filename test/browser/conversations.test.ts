import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { runAxe } from '../helpers/runAxe.ts'
import { otherProcess } from '../workspace/otherProcess.ts'
import { pageInChromium, readmePictures, shots } from './pageInChromium.ts'

const addTask = 'add a task to review chapter 3 by Friday, importance 4'
const chromium = pageInChromium()

let h: AppHarness
let page: Page

afterEach(async () => {
  for (const view of Object.keys(findings)) delete findings[view]
  await page?.close()
  await h?.dispose()
})

async function openApp(viewport = { width: 1280, height: 800 }) {
  h = await startHarness({ distDir: chromium.distDir })
  page = await chromium.browser.newPage({ viewport })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(h.server.url)
  await page.locator('.sp-task__title').first().waitFor()
}

const ask = async (text: string) => {
  await page.getByLabel('Message').fill(text)
  await page.getByLabel('Message').press('Enter')
}
const card = () => page.locator('.sp-card[data-state="pending"]')
const conversations = () => page.getByRole('navigation', { name: 'Conversations' })
const entry = (title: string) => conversations().locator('.sp-runs__item', { hasText: title })
const titlesOnDisk = async () => (await h.workspace.readTasks()).map((t) => t.title)
const findings: Record<string, unknown> = {}
const checkAxe = async (view: string) => {
  const found = await runAxe(page)
  if (found.length > 0) findings[view] = found
}

describe('conversations you come back to, in a real browser against the real server', () => {
  it('start, New chat, switch: each conversation reopens with its whole history and its open card', async () => {
    await openApp()
    await ask('what are my tasks?')
    await page.locator('.sp-bubble--assistant').first().waitFor()
    await entry('what are my tasks?').waitFor()
    expect(await entry('what are my tasks?').getAttribute('aria-current')).toBe('true')

    await conversations().getByRole('button', { name: 'New chat' }).click()
    await page.getByRole('heading', { name: 'What shall we plan today?' }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Message',
    )
    expect(new URL(page.url()).search).toBe('')
    await ask(addTask)
    await card().waitFor()
    const cardId = await card().getAttribute('data-confirmation-id')
    await entry('add a task to review chapter 3').locator('.sp-runs__badge').waitFor()
    expect(await conversations().locator('.sp-runs__title').allTextContents()).toEqual([
      addTask,
      'what are my tasks?',
    ])
    await checkAxe('run list with a pending badge')
    await page.screenshot({ path: join(readmePictures, 'conversations.png') })

    // Back to the first: its messages, no card; then to the second: the same card, still open.
    await entry('what are my tasks?').click()
    await page.locator('.sp-bubble--user', { hasText: 'what are my tasks?' }).waitFor()
    expect(await page.locator('.sp-card').count()).toBe(0)
    expect(await page.locator('.sp-bubble--assistant').count()).toBeGreaterThan(0)
    // The address names no run (issue #48): a reload reopens it from this tab's memory.
    expect(new URL(page.url()).search).toBe('')
    const firstId = await entry('what are my tasks?').getAttribute('data-run-id')
    await page.reload()
    await page.locator('.sp-bubble--user', { hasText: 'what are my tasks?' }).waitFor()
    expect(await page.locator('.sp-runs__item--current').getAttribute('data-run-id')).toBe(firstId)
    await entry('add a task to review chapter 3').click()
    await card().waitFor()
    expect(await card().getAttribute('data-confirmation-id')).toBe(cardId)
    expect(await page.locator('.sp-bubble--user', { hasText: addTask }).count()).toBe(1)
    await card().getByRole('button', { name: 'Allow once' }).click()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    await page.waitForFunction(
      () => document.querySelector('.sp-runs__badge') === null,
      undefined,
      { timeout: 10_000 },
    )
    expect(await titlesOnDisk()).toContain('Review chapter 3')
    expect(findings).toEqual({})
  })

  it('Cancel says what it does, then ends the conversation; it stays in the list, ended, and the next message is a new chat', async () => {
    await openApp()
    await ask(addTask)
    await card().waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    const question = page.getByRole('group', { name: 'End this conversation?' })
    await question.waitFor()
    expect(await question.textContent()).toContain('a waiting card closes unanswered')
    await checkAxe('cancel explained')
    await page.locator('.app__chat').screenshot({ path: join(shots, 'cancel-explained.png') })
    await question.getByRole('button', { name: 'End conversation' }).click()
    await page.getByText('Cancelled. Nothing more will run.').waitFor()
    await page
      .getByText('This conversation has ended. A message you send starts a new chat.')
      .waitFor()
    await entry(addTask).locator('.sp-runs__state', { hasText: 'Ended' }).waitFor()
    expect(await titlesOnDisk()).not.toContain('Review chapter 3')

    await ask('what are my tasks?')
    await entry('what are my tasks?').waitFor()
    expect(await entry('what are my tasks?').getAttribute('aria-current')).toBe('true')
    expect(await conversations().locator('.sp-runs__item').count()).toBe(2)
    expect(findings).toEqual({})
  })

  it('after a server restart the list still has every conversation, and one reopens with its pending card, which works', async () => {
    await openApp()
    await ask('what are my tasks?')
    await entry('what are my tasks?').waitFor()
    await conversations().getByRole('button', { name: 'New chat' }).click()
    await ask(addTask)
    await card().waitFor()
    const cardId = await card().getAttribute('data-confirmation-id')

    h = await h.restart({ distDir: chromium.distDir, port: h.server.port })
    // A fresh page on the new server (the old page's token died with the old one). The open page
    // reloads by itself once its server is back, which can abort this navigation (seen beside a CPU
    // hog): then it goes again, to the new server either way.
    await page.goto(h.server.url).catch(async (error: Error) => {
      if (!/ERR_ABORTED/.test(error.message)) throw error
      await page.goto(h.server.url)
    })
    await entry(addTask).locator('.sp-runs__badge').waitFor()
    expect(await conversations().locator('.sp-runs__title').allTextContents()).toEqual([
      addTask,
      'what are my tasks?',
    ])
    expect(await page.locator('.sp-card').count()).toBe(0)
    await entry(addTask).click()
    await card().waitFor()
    expect(await card().getAttribute('data-confirmation-id')).toBe(cardId)
    expect(await titlesOnDisk()).not.toContain('Review chapter 3')
    await card().getByRole('button', { name: 'Allow once' }).click()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    expect((await titlesOnDisk()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
    await entry('what are my tasks?').click()
    await page.locator('.sp-bubble--user', { hasText: 'what are my tasks?' }).waitFor()
  })
})

describe('the live panel', () => {
  it('a task written by a second process appears without a reload, and a done box is yours to tick', async () => {
    await openApp()
    expect(await otherProcess(h.workspace.root, 'add-task', 'chat-1', 'Written in the chat')).toBe(
      true,
    )
    await page.locator('.sp-task__title', { hasText: 'Written in the chat' }).waitFor()
    // By now the page follows the workspace: a second write arrives through the stream alone.
    expect(await otherProcess(h.workspace.root, 'add-task', 'chat-2', 'And another one')).toBe(true)
    await page.locator('.sp-task__title', { hasText: 'And another one' }).waitFor()
    await page.locator('.sp-panel').screenshot({ path: join(shots, 'live-panel.png') })

    const box = page.getByRole('checkbox', { name: 'And another one' })
    expect(await box.isDisabled()).toBe(false)
    // The box shows the tick at once, and keeps it once the write has landed.
    await box.click()
    await page.waitForFunction(
      () =>
        (
          document.querySelector('[data-task-id="chat-2"] input[type="checkbox"]') as
            | HTMLInputElement
            | undefined
        )?.checked === true,
    )
    await vi.waitFor(async () =>
      expect((await h.workspace.readTask('chat-2'))?.value.done).toBe(true),
    )
    await page.reload()
    await page.locator('.sp-task__title', { hasText: 'And another one' }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'And another one' }).isChecked()).toBe(true)
    await checkAxe('panel with a ticked task')
    expect(findings).toEqual({})
  })
})
