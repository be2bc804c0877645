import { describe, expect, it } from 'vitest'
import { chooseChromium } from './launchChromium.ts'

describe('chooseChromium', () => {
  it('takes CHROMIUM_PATH first, and says so when nothing is there', async () => {
    const chosen = await chooseChromium({ CHROMIUM_PATH: process.execPath })
    expect(chosen).toMatchObject({ executablePath: process.execPath, source: 'CHROMIUM_PATH' })
    await expect(chooseChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).rejects.toThrow(
      /CHROMIUM_PATH is \/nowhere\/chromium/,
    )
  })
})

describe('the Chromium of @sparticuz/chromium', () => {
  it('keeps web security on: none of its Lambda flags that weaken a browser are passed', async () => {
    const { default: packaged } = await import('@sparticuz/chromium')
    expect(packaged.args).toContain('--disable-web-security')
    const chosen = await chooseChromium({ PATH: process.env.PATH })
    if (chosen.source !== '@sparticuz/chromium') return
    for (const flag of [
      '--disable-web-security',
      '--single-process',
      '--allow-running-insecure-content',
    ])
      expect(chosen.args).not.toContain(flag)
  })
})
