import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { type AppHarness, type HarnessOptions, startHarness } from '../app/appHarness.ts'
import { findActiveContent, hostileMarkdown } from '../fixtures/hostileMarkdown.ts'
import { runAxe } from '../helpers/runAxe.ts'
import { pageInChromium, readmePictures, shots } from './pageInChromium.ts'

const addTask = 'add a task to review chapter 3 by Friday, importance 4'
const readmePicture = join(readmePictures, 'screenshot.png')
const chromium = pageInChromium()

let h: AppHarness
let page: Page

/** A fresh server over a sample workspace (prepared by `before`) and a page open on it. */
async function openApp(
  options: HarnessOptions = {},
  viewport = { width: 1280, height: 800 },
  before: (h: AppHarness) => Promise<unknown> = async () => {},
) {
  h = await startHarness({ distDir: chromium.distDir, ...options })
  await before(h)
  page = await chromium.browser.newPage({ viewport })
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(h.server.url)
}

afterEach(async () => {
  await page?.close()
  await h?.dispose()
})

const ask = async (text: string) => {
  await page.getByLabel('Message').fill(text)
  await page.getByLabel('Message').press('Enter')
}
const card = () => page.locator('.sp-card[data-state="pending"]')
const taskTitles = () => page.locator('.sp-task__title').allTextContents()
const titlesOnDisk = async () => (await h.workspace.readTasks()).map((t) => t.title)

describe('StudyPulse in a real browser against the real server', () => {
  beforeEach(() => openApp())

  it('asks for a task: a write card, focus on Deny, Allow once, the task appears in the list', async () => {
    await page.locator('.sp-task__title').first().waitFor()
    await ask(addTask)
    await card().waitFor()
    expect(await card().locator('.sp-badge').getAttribute('data-permission')).toBe('write')
    // The headline says the due date and importance, not only "Details".
    expect(await card().locator('.sp-card__preview').textContent()).toMatch(
      /^Create task “Review chapter 3”, due Fri \d{1,2} [A-Z][a-z]{2} \d{4}, importance 4 of 5$/,
    )
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Deny')
    await card().screenshot({ path: join(shots, 'card-write.png') })
    expect(await titlesOnDisk()).not.toContain('Review chapter 3')

    await card().getByRole('button', { name: 'Allow once' }).click()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    await page.getByText('Added “Review chapter 3” to your tasks').waitFor()
    expect(await titlesOnDisk()).toContain('Review chapter 3')

    // The README's picture: a finished step and the next card waiting.
    await ask('remember that I study best in the morning')
    await card().waitFor()
    await page.screenshot({ path: readmePicture })
    await card().getByRole('button', { name: 'Deny' }).click()
    await page.getByText(/did not/).waitFor()

    await page.getByRole('tab', { name: 'How it works' }).click()
    await page.locator('.sp-chart__state--active[data-state="awaitingInput"]').waitFor()
    expect(
      await page
        .locator('.sp-chart__edge--taken[data-edge="awaitingConfirmation>executing"]')
        .count(),
    ).toBe(1)
    // As drawn, in the real fonts: no edge label covers another label, a state or the any-state box.
    const covered = await page.evaluate(`(() => {
      const boxes = (selector) => [...document.querySelectorAll(selector)].map((el) => ({
        what: el.closest('[data-edge]')?.getAttribute('data-edge') ?? el.closest('[data-state]')?.getAttribute('data-state') ?? el.textContent,
        r: el.getBoundingClientRect(),
      }))
      const labels = boxes('.sp-chart__edge text')
      const shapes = boxes('.sp-chart__state > rect:first-of-type, .sp-chart__any rect')
      const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      return labels.flatMap((a, i) =>
        [...labels.slice(i + 1), ...shapes].filter((b) => over(a.r, b.r)).map((b) => a.what + ' / ' + b.what),
      ).concat(labels.length > 10 ? [] : ['only ' + labels.length + ' labels drawn'])
    })()`)
    expect(covered).toEqual([])
    await page.screenshot({ path: join(shots, 'statechart.png') })
  })

  it('asks to delete a task: a destructive card, Deny, the task stays and the assistant says so', async () => {
    await ask('delete the task review lecture 1 notes')
    await card().waitFor()
    expect(await card().locator('.sp-badge').getAttribute('data-permission')).toBe('destructive')
    expect(await card().locator('.sp-card__explain').textContent()).toMatch(
      /can be undone afterwards, with its own card/,
    )
    await card().screenshot({ path: join(shots, 'card-destructive.png') })
    await card().getByRole('button', { name: 'Deny' }).click()
    await page.getByText('OK, I did not delete the task “Review lecture 1 notes”.').waitFor()
    expect(await taskTitles()).toContain('Review lecture 1 notes')
    expect(await titlesOnDisk()).toContain('Review lecture 1 notes')
  })

  it('a double click on Allow once creates one task', async () => {
    await ask(addTask)
    await card().waitFor()
    await card().getByRole('button', { name: 'Allow once' }).dblclick()
    await page.getByText('Added “Review chapter 3” to your tasks').waitFor()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    expect((await titlesOnDisk()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
    expect((await taskTitles()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
    expect(await page.locator('.sp-card').count()).toBe(1)
  })

  it('a reload while a card waits brings the card back, and it still works', async () => {
    await ask(addTask)
    await card().waitFor()
    const id = await card().getAttribute('data-confirmation-id')
    await page.reload()
    await card().waitFor()
    expect(await card().getAttribute('data-confirmation-id')).toBe(id)
    expect(await titlesOnDisk()).not.toContain('Review chapter 3')
    await card().getByRole('button', { name: 'Allow once' }).click()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    expect(await titlesOnDisk()).toContain('Review chapter 3')
  })

  it('a server restart under an open page: the page reloads by itself and the card works; with a message being typed it asks first', async () => {
    await ask(addTask)
    await card().waitFor()
    const id = await card().getAttribute('data-confirmation-id')
    const reloaded = page.waitForEvent('load')
    h = await h.restart({ distDir: chromium.distDir, port: h.server.port })
    await reloaded
    await card().waitFor()
    expect(await card().getAttribute('data-confirmation-id')).toBe(id)
    expect(await titlesOnDisk()).not.toContain('Review chapter 3')
    await card().getByRole('button', { name: 'Allow once' }).click()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    expect(await titlesOnDisk()).toContain('Review chapter 3')

    // A message being typed is not thrown away by a reload nobody asked for.
    await page.locator('.sp-chat__input').fill('and one more thing')
    h = await h.restart({ distDir: chromium.distDir, port: h.server.port })
    const banner = page.getByRole('alert').filter({ hasText: 'StudyPulse restarted' })
    await banner.waitFor()
    expect(await banner.textContent()).toContain(
      'StudyPulse restarted — reload this page to go on.',
    )
    expect(await page.locator('.sp-chat__input').inputValue()).toBe('and one more thing')
    expect(await page.getByText('missing or wrong app token').count()).toBe(0)
    await page.screenshot({ path: join(shots, 'restarted.png') })
    await Promise.all([
      page.waitForEvent('load'),
      banner.getByRole('button', { name: 'Reload' }).click(),
    ])
    expect(await page.getByRole('alert').filter({ hasText: 'StudyPulse restarted' }).count()).toBe(
      0,
    )
  })

  it('"Allow adding tasks for this session": the next task needs no click, the rule is listed, Revoke brings the card back', async () => {
    await ask(addTask)
    await card().waitFor()
    await card()
      .getByRole('button', { name: /More choices/ })
      .click()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/More choices/)
    // Only write tools can be allowed by a rule; every tool can be always denied.
    expect(await card().locator('.sp-card__more button').allTextContents()).toEqual([
      'Allow adding tasks in this conversation',
      'Allow adding tasks for this session',
      'Always deny adding tasks',
    ])
    await card().screenshot({ path: join(shots, 'card-more-choices.png') })
    await card().getByRole('button', { name: 'Allow adding tasks for this session' }).click()
    await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
    const rule = page.locator('.sp-rule', { hasText: 'Allow adding tasks for this session' })
    await rule.waitFor()
    expect(await page.locator('.sp-card').first().locator('.sp-card__status').textContent()).toBe(
      'Allowed. Adding tasks is allowed for the rest of this session.',
    )

    await ask('add a task to read chapter 4, importance 2')
    await page.locator('.sp-task__title', { hasText: 'Read chapter 4' }).waitFor()
    expect(await card().count()).toBe(0)
    const byRule = page.locator('.sp-card[data-decided-by="policy"]')
    expect(await byRule.locator('.sp-card__status').textContent()).toBe(
      'Allowed by your rule: allow adding tasks for this session.',
    )
    expect(await titlesOnDisk()).toContain('Read chapter 4')
    await page.locator('.sp-panel').screenshot({ path: join(shots, 'your-rules.png') })

    await rule.getByRole('button', { name: 'Revoke: allow adding tasks for this session' }).click()
    await page.getByText(/^No rules/).waitFor()
    expect(h.runtime.policies.list()).toEqual([])
    await ask('add a task to summarise chapter 5')
    await card().waitFor()
    expect(await card().locator('.sp-card__preview').textContent()).toMatch(/chapter 5/)
    expect((await titlesOnDisk()).some((t) => /chapter 5/i.test(t))).toBe(false)
  })

  it('cancel while a card waits: no card left to answer, nothing written', async () => {
    const before = await h.tasksFile()
    await ask(addTask)
    await card().waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'End conversation' }).click()
    await page.getByText('Cancelled. Nothing more will run.').waitFor()
    expect(await page.getByRole('button', { name: 'Allow once' }).count()).toBe(0)
    expect(await page.locator('.sp-card').getAttribute('data-state')).toBe('stale')
    expect(await h.tasksFile()).toBe(before)
    expect(await taskTitles()).not.toContain('Review chapter 3')
  })
})

describe('cards that show what a call will change, in the real app', () => {
  it('a note overwrite shows its line diff on the card, axe finds nothing on it, and Allow writes it', async () => {
    await openApp({}, undefined, (h) =>
      h.workspace.saveArtifact('Exam plan', 'Week 1: revise cells\nWeek 2: genetics\nSleep early'),
    )
    await ask('update my exam plan note: revise genetics first')
    await card().waitFor()
    expect(await card().locator('.sp-card__preview').textContent()).toBe(
      // update_note since the planner's round two: the same replacement, named as a change.
      'Change your note “Exam plan” (+1 −3 lines)',
    )
    const diff = card().locator('.sp-diff')
    expect(await diff.isVisible()).toBe(true)
    expect(await diff.locator('.sp-diff__line--removed del').allTextContents()).toEqual([
      'Week 1: revise cells',
      'Week 2: genetics',
      'Sleep early',
    ])
    expect(await diff.locator('.sp-diff__line--added ins').allTextContents()).toEqual([
      'revise genetics first',
    ])
    await card().screenshot({ path: join(shots, 'card-diff-app.png') })
    expect(await runAxe(page)).toEqual([])
    expect((await h.workspace.readArtifact('exam-plan'))?.value.content).toContain('Sleep early')

    await card().getByRole('button', { name: 'Allow once' }).click()
    await page.locator('.sp-activity', { hasText: 'Done: Change your note' }).waitFor()
    expect((await h.workspace.readArtifact('exam-plan'))?.value.content).toBe(
      'revise genetics first',
    )
  })

  it('an edited card is described again; the Done line and the Activity tab name the edit', async () => {
    await openApp()
    await ask(addTask)
    await card().waitFor()
    await card().getByRole('button', { name: 'Edit' }).click()
    // Edit is a form from the tool's schema (test/browser/cardEditForm.test.ts has the rest).
    await card().locator('.sp-card__form').getByLabel('Title').fill('Review chapter 4')
    await card().getByRole('button', { name: 'Save changes' }).click()
    await page.locator('.sp-card[data-state="pending"]', { hasText: 'chapter 4' }).waitFor()
    expect(await card().locator('.sp-card__preview').textContent()).toMatch(
      /^Create task “Review chapter 4”, due .*, importance 4 of 5$/,
    )
    await card().getByRole('button', { name: 'Allow once' }).click()
    const done = page.locator('.sp-activity', { hasText: 'Done:' })
    await done.waitFor()
    expect(await done.textContent()).toMatch(/Done: Create task “Review chapter 4”/)
    expect(await page.locator('.sp-activity', { hasText: 'chapter 3' }).count()).toBe(0)
    expect(await titlesOnDisk()).toContain('Review chapter 4')
    expect(await titlesOnDisk()).not.toContain('Review chapter 3')

    await page.getByRole('tab', { name: 'Activity' }).click()
    const entry = page.locator('.sp-timeline__item[data-kind="callEdited"]')
    await entry.waitFor()
    expect(await entry.locator('.sp-timeline__title').textContent()).toBe(
      'You changed the card: Add a task',
    )
    // What changed, in the card's words (label: before → after), not the arguments as JSON.
    expect(await entry.locator('.sp-timeline__field').allTextContents()).toEqual([
      'Title:Review chapter 3 → Review chapter 4',
    ])
    expect(await entry.textContent()).not.toMatch(/[{}"]/)
  })

  it('a card whose task changed before Allow says nothing was written, and nothing is', async () => {
    await openApp()
    await ask('mark review lecture 1 notes as done')
    await card().waitFor()
    expect(await card().locator('.sp-card__preview').textContent()).toBe(
      'Mark “Review lecture 1 notes” as done',
    )
    // Another window renames the task while the card waits.
    const [task] = (await h.workspace.readTasks()).filter(
      (t) => t.title === 'Review lecture 1 notes',
    )
    if (task === undefined) throw new Error('no sample task to change')
    await h.workspace.upsertTask({ ...task, title: 'Review lecture 1 and 2 notes' })
    await card().getByRole('button', { name: 'Allow once' }).click()
    const changed = page.locator('.sp-card[data-state="changed"] .sp-card__status')
    await changed.waitFor()
    expect(await changed.textContent()).toBe(
      'Allowed, but this changed after the card was shown, so nothing was written. Ask again to see it as it is now.',
    )
    expect((await h.workspace.readTask(task.id))?.value).toMatchObject({
      title: 'Review lecture 1 and 2 notes',
      done: false,
    })
  })
})

describe('what the page shows is inert and accessible', () => {
  it('a hostile answer, note and source render inert in Chromium: no handler, script, frame, image or unsafe link, and nothing ran', async () => {
    await openApp(
      { model: new ScriptedModel([{ text: hostileMarkdown }]) },
      undefined,
      async (h) => {
        await h.workspace.saveArtifact('Hostile note', hostileMarkdown)
        await writeFile(join(h.workspace.sourcesDir, 'lecture-1.md'), hostileMarkdown)
      },
    )
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await ask('plan my week')
    await page.locator('.sp-bubble--assistant', { hasText: 'Here is your plan.' }).waitFor()
    expect(await page.evaluate(findActiveContent, '.sp-chat__log')).toEqual([])
    expect(await page.locator('.sp-bubble--assistant').textContent()).toContain(
      '<script>window.__pwned = 2</script>',
    )

    await page.getByRole('button', { name: /Hostile note/ }).click()
    await page.locator('.sp-reader .sp-md', { hasText: 'Here is your plan.' }).waitFor()
    expect(await page.evaluate(findActiveContent, '.sp-reader')).toEqual([])
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('button', { name: 'Lecture 1', exact: true }).click()
    await page.locator('.sp-reader .sp-md', { hasText: 'Here is your plan.' }).waitFor()
    expect(await page.evaluate(findActiveContent, '.sp-reader')).toEqual([])

    // Hovering and clicking through everything shown must not run anything either.
    for (const link of await page.locator('.sp-md__dead-link').all()) await link.hover()
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
  })

  it('axe (WCAG 2.1 AA and best practice) finds nothing on the chat, a card of each permission, the run list, the panel, the reader and the statechart view', async () => {
    // A short window, so the panel and the long line of code scroll; a note to open.
    await openApp({}, { width: 1280, height: 600 }, (h) =>
      h.workspace.saveArtifact('Exam plan', '- revise **cells** first\n- then ATP'),
    )
    const findings: Record<string, unknown> = {}
    const check = async (view: string) => {
      const found = await runAxe(page)
      if (found.length > 0) findings[view] = found
    }
    await page.locator('.sp-task__title').first().waitFor()
    await check('welcome and panel')
    expect(
      await page.evaluate(() => {
        const panel = document.querySelector('#panel-workspace') as HTMLElement
        return panel.scrollHeight > panel.clientHeight
      }),
    ).toBe(true)

    // Two equal requests: two cards with the same preview.
    await ask(addTask)
    await card().waitFor()
    await check('write card')
    await card().getByRole('button', { name: 'Deny' }).click()
    await page.getByText(/did not/).waitFor()
    await ask(addTask)
    await card().waitFor()
    await check('two equal write cards')
    await card().getByRole('button', { name: 'Deny' }).click()
    await card().waitFor({ state: 'detached' })

    await ask('delete the task review lecture 1 notes')
    await card().waitFor()
    expect(await card().locator('.sp-badge').getAttribute('data-permission')).toBe('destructive')
    await check('destructive card')
    await card().getByRole('button', { name: 'Deny' }).click()
    await card().waitFor({ state: 'detached' })

    const long = Array.from({ length: 30 }, (_, i) => `value${i}`).join(' + ')
    await ask(
      `run: const ${Array.from({ length: 30 }, (_, i) => `value${i} = ${i}`).join(', ')}; ${long}`,
    )
    await card().waitFor()
    expect(await card().locator('.sp-badge').getAttribute('data-permission')).toBe('execute')
    expect(
      await card()
        .locator('.sp-code')
        .evaluate((code) => code.scrollWidth <= code.clientWidth),
    ).toBe(true)
    await check('execute card')
    await card().getByRole('button', { name: 'Deny' }).click()
    await card().waitFor({ state: 'detached' })

    await page.getByRole('button', { name: /Exam plan/ }).click()
    await page.locator('.sp-reader li', { hasText: 'revise cells first' }).waitFor()
    await check('note in the reader')
    await page.getByRole('button', { name: 'Back' }).click()
    await page.getByRole('button', { name: 'Lecture 2', exact: true }).click()
    await page.locator('.sp-reader h3', { hasText: 'Lecture 2' }).waitFor()
    await check('source in the reader')
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Lecture 2')

    await page.getByRole('tab', { name: 'Activity' }).click()
    await page.locator('#panel-activity').waitFor()
    await check('activity')
    await page.getByRole('tab', { name: 'How it works' }).click()
    await page.locator('.sp-chart__state--active[data-state="awaitingInput"]').waitFor()
    await check('statechart')
    expect(findings).toEqual({})
  })
})
