// A `useChat` app as the React guide's "A useChat app" section builds it: Vite's react-ts
// template, exactly the guide's install line, unpinned (the packed tarball for studypulse-agent),
// its main.tsx (the AI SDK's useChat, no StudyPulse UI code) and its server.mjs run by plain node.
// Chromium clicks through the page against that server.
import { mkdtempSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import {
  command,
  guideInstallArgs,
  guideInstalls,
  installedVersion,
  npmInstall,
  packageName,
  readmeExample,
  startProcess,
  writeFiles,
} from './consumerProject.ts'
import { packedTarball } from './packedTarball.ts'
import { viteReactTsTemplate } from './viteReactTsTemplate.ts'

const work = mkdtempSync(join(tmpdir(), 'studypulse-usechat-'))
const app = join(work, 'chat-app')
// The line the guide says to add to index.html's head.
const tokenMeta = '<meta name="studypulse-token" content="__STUDYPULSE_TOKEN__" />'
let server: ReturnType<typeof startProcess> | undefined
let url = ''
let browser: Browser

beforeAll(async () => {
  const tarball = await packedTarball()
  const files = viteReactTsTemplate(readmeExample('usechat-main.tsx'), {
    // @ai-sdk/react asks for React ^19.2.1: the app takes the one this repository has.
    react: installedVersion('react'),
  })
  files['index.html'] = (files['index.html'] as string).replace('<head>', `<head>${tokenMeta}`)
  files['server.mjs'] = readmeExample('usechat-server.mjs')
  await writeFiles(app, files)
  // The guide's line as written, unpinned: npm picks what it picks for the guide's reader on this
  // Node (the AI SDK's newest releases declare Node 22; a bare `ai` gets an older major here).
  const installs = guideInstallArgs('usechat-install', tarball)
  console.log(`npm install: ${await npmInstall(app, installs)}`)
  // As `npm run build` runs it (vitest's NODE_ENV=test would bundle React's development build).
  const vite = join(app, 'node_modules', '.bin', 'vite')
  const built = await command(app, vite, ['build'], { NODE_ENV: 'production' })
  if (built.code !== 0) throw new Error(`vite build failed:\n${built.stdout}${built.stderr}`)
  server = startProcess(app, ['server.mjs'], { PORT: '0' })
  url = ((await server.waitFor(/open (http:\/\/127\.0\.0\.1:\d+)/))[1] ?? '') as string
  browser = await launchChromium()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await rm(work, { recursive: true, force: true })
})

// The folder's tasks are rows of its studypulse.db: read them as the page would, through the
// app's API with the launch token the server wrote into the page.
const tasks = async () => {
  const page = await (await fetch(`${url}/`)).text()
  const token = /name="studypulse-token" content="([^"]+)"/.exec(page)?.[1] ?? ''
  const answer = await fetch(`${url}/api/workspace/tasks`, {
    headers: { 'x-studypulse-token': token },
  })
  if (!answer.ok)
    throw new Error(`GET /api/workspace/tasks: ${answer.status} ${await answer.text()}`)
  return ((await answer.json()) as { tasks: { title: string }[] }).tasks.map((t) => t.title)
}

/** A page of the app, failing the test on any error it logs that it was not told to expect. */
async function open(path = '/'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${url}${path}`)
  return { page, errors }
}

async function ask(page: Page, text: string) {
  await page.getByLabel('Message').fill(text)
  await page.getByLabel('Message').press('Enter')
  await page.locator('.tool[data-state="approval-requested"]').waitFor()
}

describe('a useChat app over the app server, built from the packed tarball', {
  timeout: 120_000,
}, () => {
  it('the guide names the index.html line the test adds, and the app installs only what it says', async () => {
    const guide = await readFile(join(repoRoot, 'docs', 'guide', 'react.md'), 'utf8')
    expect(guide).toContain(tokenMeta)
    const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8'))
    const names = guideInstalls('usechat-install').map(packageName)
    expect(Object.keys(manifest.dependencies).sort()).toEqual(
      ['react', 'react-dom', ...names].sort(),
    )
    expect(names).toEqual(['studypulse-agent', 'ai', '@ai-sdk/react'])
  })

  it('a card appears as approval-requested; Allow writes the task once', async () => {
    const { page, errors } = await open()
    await ask(page, 'add a task to review chapter 3 by Friday, importance 4')
    expect(await tasks()).not.toContain('Review chapter 3')
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.locator('.tool[data-state="output-available"]').first().waitFor()
    expect((await tasks()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a denial shows output-denied and the model’s next words', async () => {
    const { page, errors } = await open()
    await ask(page, 'add a task to read chapter 5')
    await page.getByRole('button', { name: 'Deny' }).click()
    const denied = page.locator('.tool[data-state="output-denied"]')
    await denied.waitFor()
    // The run went on: the model's words follow the denied call in the same answer.
    await page
      .locator('section[aria-label="assistant"] .tool[data-state="output-denied"] ~ p')
      .first()
      .waitFor()
    expect(await tasks()).not.toContain('Read chapter 5')
    expect(errors).toEqual([])
    await page.close()
  })

  it('a reload in the middle finds the card, and Allow then runs it once', async () => {
    const { page, errors } = await open()
    await ask(page, 'add a task to revise chapter 6')
    await page.reload()
    await page.locator('.tool[data-state="approval-requested"]').waitFor()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.locator('.tool[data-state="output-available"]').first().waitFor()
    expect((await tasks()).filter((t) => t === 'Revise chapter 6')).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a message typed while a card waits stays in the box: Allow is sent and runs, then the message', async () => {
    const { page, errors } = await open()
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat')
        posts.push(request.postData() ?? '')
    })
    await ask(page, 'add a task to plan chapter 8')
    const box = page.getByLabel('Message')
    await box.fill('add a task to read chapter 9')
    await box.press('Enter')
    // The run takes no message while its card waits: the page keeps it, and the card's answer
    // is what goes to the server next.
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.locator('.tool[data-state="output-available"]').first().waitFor()
    expect((await tasks()).filter((t) => t === 'Plan chapter 8')).toHaveLength(1)
    await page.locator('main[aria-busy="false"]').waitFor()
    expect(await box.inputValue()).toBe('add a task to read chapter 9')
    expect(posts).toHaveLength(2)
    expect(posts[1]).toContain('"approved":true')
    await box.press('Enter')
    await page.locator('.tool[data-state="approval-requested"]').waitFor()
    expect(posts).toHaveLength(3)
    expect(posts[2]).toContain('read chapter 9')
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it("a second tab's approval of the same card is refused with a clear error", async () => {
    const first = await open()
    await ask(first.page, 'add a task to summarise chapter 7')
    const second = await open(new URL(first.page.url()).search)
    await second.page.locator('.tool[data-state="approval-requested"]').waitFor()
    await first.page.getByRole('button', { name: 'Allow' }).click()
    await first.page.locator('.tool[data-state="output-available"]').first().waitFor()
    await second.page.getByRole('button', { name: 'Allow' }).click()
    const alert = second.page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/confirmation_not_found/)
    expect((await tasks()).filter((t) => t === 'Summarise chapter 7')).toHaveLength(1)
    await first.page.close()
    await second.page.close()
  })
})
