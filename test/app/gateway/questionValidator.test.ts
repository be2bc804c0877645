import { expect, test } from 'vitest'
import { hostQuestion } from '../../../app/gateway/hostQuestion.ts'
import { QuestionValidator } from '../../../app/gateway/questionValidator.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'

const card = (permission: AgentEvent['permission'], seq: number) =>
  ({
    kind: 'confirmationRequired',
    seq,
    preview: `write note ${seq}`,
    payloadJson: `{"text":"${seq}"}`,
    permission,
  }) as AgentEvent

// Each card's question is a new object with one of a few shapes: the host's answers to every
// question of a shape are checked by the one validator compiled for it, and still checked.
test('questions of one shape share one compiled check, which still refuses a wrong answer', () => {
  const validator = new QuestionValidator()
  const first = validator.getValidator(hostQuestion(card('write', 1), 'A host').requestedSchema)
  const again = validator.getValidator(hostQuestion(card('write', 2), 'A host').requestedSchema)
  expect(again).toBe(first)
  expect(validator.size).toBe(1)
  expect(first({ answer: 'allow_once' }).valid).toBe(true)
  expect(first({ answer: 'run_it_twice' }).valid).toBe(false)
  // Another level offers other choices: another shape, checked by its own.
  const destructive = validator.getValidator(
    hostQuestion(card('destructive', 3), 'A host').requestedSchema,
  )
  expect(destructive).not.toBe(first)
  expect(destructive({ answer: 'allow_session' }).valid).toBe(false)
  expect(validator.size).toBe(2)
})

test('however many shapes come, it keeps a bounded number compiled', () => {
  const validator = new QuestionValidator()
  for (let i = 0; i < 100; i++) {
    const schema = {
      type: 'object' as const,
      properties: { [`field${i}`]: { type: 'string' as const } },
    }
    expect(validator.getValidator(schema)({ [`field${i}`]: 'x' }).valid).toBe(true)
    expect(validator.getValidator(schema)({ [`field${i}`]: 1 }).valid).toBe(false)
  }
  expect(validator.size).toBeLessThanOrEqual(32)
})
