import { describe, expect, it } from 'vitest'
import {
  confirmationTimeoutFromEnv,
  defaultConfirmationTimeoutMs,
  describeTimeout,
} from '../../app/server/confirmationTimeout.ts'

describe('the web app’s card timeout', () => {
  it('is 30 minutes unless STUDYPULSE_CONFIRMATION_TIMEOUT_MS says otherwise', () => {
    expect(defaultConfirmationTimeoutMs).toBe(1_800_000)
    expect(confirmationTimeoutFromEnv({})).toBe(1_800_000)
    expect(confirmationTimeoutFromEnv({ STUDYPULSE_CONFIRMATION_TIMEOUT_MS: ' ' })).toBe(1_800_000)
    expect(confirmationTimeoutFromEnv({ STUDYPULSE_CONFIRMATION_TIMEOUT_MS: '45000' })).toBe(45_000)
  })

  it('refuses anything but a positive whole number of milliseconds setTimeout can wait', () => {
    for (const bad of ['0', '-5', '1.5', 'ten', '1e12'])
      expect(() => confirmationTimeoutFromEnv({ STUDYPULSE_CONFIRMATION_TIMEOUT_MS: bad })).toThrow(
        /STUDYPULSE_CONFIRMATION_TIMEOUT_MS/,
      )
  })

  it('describes itself for the start-up banner', () => {
    expect(describeTimeout(1_800_000)).toBe('30 min')
    expect(describeTimeout(45_000)).toBe('45 s')
    expect(describeTimeout(1500)).toBe('1500 ms')
  })
})
