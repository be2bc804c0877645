import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayText } from '../../vocabulary/humanTime.ts'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { runAxe } from '../helpers/runAxe.ts'
import { pageInChromium, readmePictures } from './pageInChromium.ts'

// Issue #48 (2, 3): a task opened from the list shows its details with Edit, Move and Delete, and
// a note its Edit and Delete; each asks on a card in the chat (the run's one decision path), so
// nothing in the workspace changes before Allow. On a 375 × 812 phone, one page for the file.
const chromium = pageInChromium()
let h: AppHarness
let page: Page
const essay = 'Essay draft for BIO 101'
const due = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  h = await startHarness({ distDir: chromium.distDir })
  const at = new Date().toISOString()
  await h.workspace.upsertTask({
    id: 'essay',
    title: essay,
    due,
    importance: 4,
    notes: 'Outline first, then the introduction.',
    done: false,
    createdAt: at,
    updatedAt: at,
  })
  await h.workspace.saveArtifact('Krebs cycle facts', '- It makes NADH and FADH2.\n')
  page = await chromium.browser.newPage({ viewport: { width: 375, height: 812 } })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(h.server.url)
  await page.getByLabel('Message').waitFor()
}, 120_000)

afterAll(async () => {
  await page?.close()
  await h?.dispose()
})

const pendingCard = () => page.locator('.sp-card[data-state="pending"]')
const essayTask = async () => (await h.workspace.readTask('essay'))?.value

async function openInWorkspace(title: string) {
  await page.getByRole('button', { name: 'Workspace' }).click()
  // The drawer comes back as it was left: with the item asked about still open in the reader.
  const back = page.locator('.sp-reader__back')
  if (await back.isVisible()) await back.click()
  await page.locator('[data-opens]').filter({ hasText: title }).first().click()
  await page.getByRole('heading', { name: title, level: 2 }).waitFor()
}

/** Waits until the run waits for the next message (the chip is hidden on a phone, not gone). */
const ready = () => page.locator('[data-run-status="awaitingInput"]').waitFor({ state: 'attached' })

describe('a task or a note opened from the workspace panel', () => {
  it('with no chat open: the details; Edit opens a chat named by the change, its card first', {
    timeout: 60_000,
  }, async () => {
    // A new person's first visit: nothing sent yet, and the task's buttons still ask (#48).
    await openInWorkspace(essay)
    expect(
      await page.getByText(`Not done yet · due ${dayText(due)} · importance 4 of 5`).count(),
    ).toBe(1)
    expect(await page.getByText('Outline first, then the introduction.').count()).toBe(1)
    for (const name of ['Edit', 'Move', 'Delete'])
      expect(await page.getByRole('button', { name, exact: true }).isEnabled()).toBe(true)
    expect(await page.getByText('send a message first', { exact: false }).count()).toBe(0)
    const before = await essayTask()
    expect(before?.done).toBe(false)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('form', { name: `Edit “${essay}”` })
    await form.getByLabel('Importance').selectOption('2')
    await form.getByRole('button', { name: 'Ask on a card' }).click()
    // The card is the new chat's first step: no model turn came before it.
    await pendingCard().waitFor()
    expect(await pendingCard().textContent()).toContain(essay)
    expect(await essayTask()).toEqual(before)
    const runs = await h.runtime.listRuns({})
    expect(runs.runs.map((r) => r.title)).toEqual([`Change the task “${essay}”`])
    const run = h.runtime.view(runs.runs[0]?.runId as string)
    expect(run.events.filter((e) => e.kind === 'assistantMessage')).toEqual([])
    // The conversation shows in the list under the change's words, as the one open.
    await page.getByRole('button', { name: 'Chats' }).click()
    await page
      .locator('#app-conversations [aria-current]')
      .filter({ hasText: `Change the task “${essay}”` })
      .waitFor()
    await page.getByRole('button', { name: 'Back to the chat' }).first().click()
    await pendingCard().getByRole('button', { name: 'Deny' }).click()
    await ready()
    expect(await essayTask()).toEqual(before)
  })

  it('Edit starts from what the task holds and asks on a card; Deny changes nothing', {
    timeout: 60_000,
  }, async () => {
    await page.getByLabel('Message').fill('what are my tasks?')
    await page.getByLabel('Message').press('Enter')
    await ready()
    const before = await essayTask()
    await openInWorkspace(essay)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('form', { name: `Edit “${essay}”` })
    expect(await form.getByLabel('Title').inputValue()).toBe(essay)
    expect(await form.getByLabel('Due day', { exact: false }).first().inputValue()).toBe(
      dayText(due),
    )
    expect(await form.getByLabel('Importance').inputValue()).toBe('4')
    expect(await form.getByLabel('Notes').inputValue()).toBe(
      'Outline first, then the introduction.',
    )
    expect(await runAxe(page)).toEqual([])
    // `npm run screenshot` refreshes the app guide's picture of an edit, pre-filled.
    await page.screenshot({ path: join(readmePictures, 'task-edit-375.png') })
    await form.getByLabel('Importance').selectOption('5')
    await form.getByRole('button', { name: 'Ask on a card' }).click()
    // The drawer gives way: the card is what the phone shows next, and it shows only the change.
    await pendingCard().waitFor()
    expect(await pendingCard().textContent()).toContain(essay)
    expect(await essayTask()).toEqual(before)
    await pendingCard().getByRole('button', { name: 'Deny' }).click()
    await ready()
    expect(await essayTask()).toEqual(before)
  })

  it("Move takes the planner's words for a day; Delete is a card too, and Allow deletes", {
    timeout: 60_000,
  }, async () => {
    await openInWorkspace(essay)
    await page.getByRole('button', { name: 'Move', exact: true }).click()
    const form = page.getByRole('form', { name: `Move “${essay}”` })
    await form.locator('.sp-day__words').fill('not a day at all')
    await form.getByRole('button', { name: 'Ask on a card' }).click()
    await form.getByRole('alert').waitFor()
    expect(await pendingCard().count()).toBe(0)
    await form.locator('.sp-day__words').fill('next monday')
    expect(await form.locator('.sp-day__readout').textContent()).toMatch(/^Mon \d+ \w+ \d{4}$/)
    await form.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await pendingCard().waitFor()
    expect(await essayTask()).toBeDefined()
    await pendingCard().getByRole('button', { name: 'Allow once' }).click()
    await ready()
    expect(await essayTask()).toBeUndefined()
  })

  it("a note's Edit starts from its title and text, and changes it only once allowed", {
    timeout: 60_000,
  }, async () => {
    await openInWorkspace('Krebs cycle facts')
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const form = page.getByRole('form', { name: 'Edit “Krebs cycle facts”' })
    expect(await form.getByLabel('Title').inputValue()).toBe('Krebs cycle facts')
    expect(await form.getByLabel('Text').inputValue()).toBe('- It makes NADH and FADH2.\n')
    await form.getByLabel('Title').fill('Krebs cycle: the facts')
    await form.getByRole('button', { name: 'Ask on a card' }).click()
    await pendingCard().waitFor()
    const titles = async () => (await h.workspace.listArtifacts()).map((a) => a.title)
    expect(await titles()).toContain('Krebs cycle facts')
    await pendingCard().getByRole('button', { name: 'Allow once' }).click()
    await ready()
    expect(await titles()).toContain('Krebs cycle: the facts')
  })
})
