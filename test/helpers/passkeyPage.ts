import type { Browser, Page } from 'playwright-core'

/**
 * A page of the hosted app at `origin`, signed in as `userId` by the proxy's header on every
 * request, in a browser context of its own with a virtual authenticator (Chromium's DevTools
 * protocol: a real P-256 key, real signatures, user verification on).
 */
export async function signedInPage(
  browser: Browser,
  origin: string,
  userId: string,
): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-user': userId } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  await page.goto(origin)
  return page
}

/** Adds a passkey named `name` in the page's Passkeys section: the authenticator answers, the list shows it. */
export async function addPasskey(page: Page, name: string): Promise<void> {
  const section = page.locator('section.sp-passkeys')
  await section.getByLabel('Name').fill(name)
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await section.locator('[data-passkey-state="in-use"]', { hasText: name }).waitFor()
}
