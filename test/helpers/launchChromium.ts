import { access } from 'node:fs/promises'
import { type Browser, chromium } from 'playwright-core'

const systemChromium = '/usr/bin/chromium'

// Flags for a quiet headless browser in CI; the sandbox needs privileges a container lacks.
const quiet = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const lambdaFlagsKept = new Set(['--no-zygote', '--disable-setuid-sandbox'])

/** Which Chromium the browser tests drive, and with which flags. */
export interface ChromiumChoice {
  executablePath: string
  args: string[]
  /** `CHROMIUM_PATH`, `/usr/bin/chromium`, or `@sparticuz/chromium` (the npm package). */
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium'
}

/**
 * `CHROMIUM_PATH` if set, else Debian's `/usr/bin/chromium`, else the Chromium shipped in the
 * `@sparticuz/chromium` dev dependency (unpacked on first use), so `npm install && npm test`
 * needs no apt package.
 */
export async function chooseChromium(env = process.env): Promise<ChromiumChoice> {
  const given = env.CHROMIUM_PATH
  if (given !== undefined && given !== '') {
    await access(given).catch(() => {
      throw new Error(`CHROMIUM_PATH is ${given}, but there is no file there`)
    })
    return { executablePath: given, args: quiet, source: 'CHROMIUM_PATH' }
  }
  if (
    await access(systemChromium).then(
      () => true,
      () => false,
    )
  )
    return { executablePath: systemChromium, args: quiet, source: 'system' }
  const { default: packaged } = await import('@sparticuz/chromium')
  return {
    executablePath: await packaged.executablePath(),
    // Its flags are tuned for AWS Lambda: one process, and web security, site isolation and
    // mixed-content blocking switched off. The browser tests check origin rules and run many
    // pages, so they keep only the flags that are safe here.
    args: [...quiet, ...packaged.args.filter((flag) => lambdaFlagsKept.has(flag))],
    source: '@sparticuz/chromium',
  }
}

/** Launches the chosen Chromium headless through Playwright. */
export async function launchChromium(): Promise<Browser> {
  const { executablePath, args } = await chooseChromium()
  return chromium.launch({ executablePath, args })
}
