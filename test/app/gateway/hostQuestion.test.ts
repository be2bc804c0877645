import { expect, test } from 'vitest'
import { parseDuration, parseGatewayArgs } from '../../../app/gateway/gatewayArgs.ts'
import { answerOf, hostQuestion } from '../../../app/gateway/hostQuestion.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'

const card = (extra: Partial<AgentEvent>): AgentEvent => ({
  runId: 'r',
  seq: 5,
  at: '2026-12-02T10:00:00.000Z',
  kind: 'confirmationRequired',
  toolName: 'files__write_file',
  preview: 'MCP server files › write_file {…}',
  payloadJson: '{"content":"x","path":"/n.txt"}',
  permission: 'destructive',
  ...extra,
})

const choices = (event: AgentEvent) =>
  (
    hostQuestion(event, 'Claude Code').requestedSchema.properties.answer as {
      oneOf: { const: string }[]
    }
  ).oneOf.map((c) => c.const)

test('the lasting choices a question offers are those the level allows', () => {
  // Only a write call may be allowed by a rule, and only for a session.
  expect(choices(card({ permission: 'write' }))).toEqual([
    'allow_once',
    'allow_session',
    'deny_always',
  ])
  expect(choices(card({ permission: 'destructive' }))).toEqual(['allow_once', 'deny_always'])
  expect(choices(card({ permission: 'execute' }))).toEqual(['allow_once', 'deny_always'])
})

test('accept is Allow once unless the form says otherwise; decline and cancel are Deny', () => {
  expect(answerOf({ action: 'accept' })).toEqual({ decision: 'allow' })
  expect(answerOf({ action: 'accept', content: { answer: 'allow_once' } })).toEqual({
    decision: 'allow',
  })
  expect(answerOf({ action: 'accept', content: { answer: 'allow_session' } })).toEqual({
    decision: 'allow',
    remember: 'session',
  })
  expect(answerOf({ action: 'accept', content: { answer: 'deny_always' } })).toEqual({
    decision: 'deny',
    remember: 'always',
  })
  expect(answerOf({ action: 'decline' })).toEqual({ decision: 'deny' })
  expect(answerOf({ action: 'cancel' })).toEqual({ decision: 'deny' })
})

test('the question shows every argument, with bidi controls and invisible characters made visible', () => {
  const sneaky = card({ payloadJson: '{"path":"/notes/\u202Etxt.exe","content":"a\u200Bb"}' })
  const { message } = hostQuestion(sneaky, 'Claude Code')
  expect(message).toContain('<U+202E>')
  expect(message).toContain('<U+200B>')
  expect(message).not.toMatch(/[\u202E\u200B]/)
  expect(message).toContain('Level: destructive')
  // Too long to show whole: said so, never cut silently.
  const long = card({ payloadJson: JSON.stringify({ content: 'x'.repeat(10_000) }) })
  expect(hostQuestion(long, 'Claude Code').message).toMatch(/more characters not shown here/)
})

test('the command line: durations, a port, and what is wrong said plainly', () => {
  expect(parseDuration('90s')).toBe(90_000)
  expect(parseDuration('10m')).toBe(600_000)
  expect(parseDuration('1h')).toBe(3_600_000)
  expect(parseDuration('500ms')).toBe(500)
  expect(parseDuration('45')).toBe(45_000)
  for (const bad of ['', 'soon', '-5s', '0', '10d']) expect(parseDuration(bad)).toBeUndefined()
  expect(parseGatewayArgs(['--config', 'm.json', '--http', '0'])).toMatchObject({
    kind: 'serve',
    configPath: 'm.json',
    httpPort: 0,
    askTimeoutMs: 600_000,
  })
  expect(parseGatewayArgs([])).toMatchObject({ kind: 'invalid', message: /--config/ })
  expect(parseGatewayArgs(['--config', 'm.json', '--ask-timeout', 'soon'])).toMatchObject({
    kind: 'invalid',
    message: /--ask-timeout/,
  })
  expect(parseGatewayArgs(['--config', 'm.json', '--http', 'eighty'])).toMatchObject({
    kind: 'invalid',
  })
  expect(parseGatewayArgs(['--help'])).toEqual({ kind: 'help' })
})

test('--page takes a port (0: any free one), and not beside --page-url', () => {
  expect(parseGatewayArgs(['--config', 'm.json', '--page', '0'])).toMatchObject({
    kind: 'serve',
    pagePort: 0,
  })
  expect(parseGatewayArgs(['--config', 'm.json', '--page', '4319'])).toMatchObject({
    pagePort: 4319,
  })
  for (const bad of ['page', '70000', '-1'])
    expect(parseGatewayArgs(['--config', 'm.json', '--page', bad])).toMatchObject({
      kind: 'invalid',
      message: /--page must be a port number/,
    })
  expect(
    parseGatewayArgs(['--config', 'm.json', '--page', '0', '--page-url', 'http://127.0.0.1:4317']),
  ).toMatchObject({ kind: 'invalid', message: /give one/ })
})
