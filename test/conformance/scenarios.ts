// The consent contract as one table of scenarios, written once: every face's driver runs each
// of them (or declares it not applicable, with why). A scenario fails by throwing.
import { expect } from 'vitest'
import type { ApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import {
  type Answer,
  alice,
  bob,
  type Card,
  type FaceInstance,
  type FaceSetup,
  marker,
  rita,
  sam,
} from './face.ts'
import type { ScenarioId } from './scenarioIds.ts'

/** One promise every face keeps. */
export interface Scenario {
  id: ScenarioId
  /** The promise, in words, as the docs' table lists it. */
  promise: string
  setup?: FaceSetup
  /** The face's optional abilities the scenario uses: a face without one must declare it n/a. */
  needs?: readonly (
    | 'restart'
    | 'kill'
    | 'secondNode'
    | 'changeTarget'
    | 'leave'
    | 'expired'
    | 'signs'
  )[]
  run(face: FaceInstance): Promise<void>
}

const allow = (card: Card, by = card.request.asker, extra: Partial<Answer> = {}): Answer => ({
  card,
  decision: 'allow',
  by,
  ...extra,
})

const taken = (outcomes: readonly { kind: string }[]) =>
  outcomes.filter((o) => o.kind === 'taken').length

/** A call whose card waits: Alice asks for a fresh line. */
const ask = (
  face: FaceInstance,
  id: string,
  extra: { target?: 'existing' | 'new'; text?: string } = {},
) => face.ask({ asker: alice, text: extra.text ?? marker(id), ...extra })

/** The call ran exactly `times`, with exactly the card's text. */
async function ran(face: FaceInstance, card: Card, times: number): Promise<void> {
  const effects = await face.effects(card)
  expect(effects, 'runs upstream').toHaveLength(times)
  for (const effect of effects) expect(effect).toBe(card.request.text)
}

const writesByRita: ApprovalRules = {
  version: 1,
  rules: [{ levels: ['write', 'destructive', 'execute'], approvers: { users: ['rita'] } }],
}

export const scenarios: readonly Scenario[] = [
  {
    id: 'allow-once',
    promise: 'an Allow runs the call exactly once, and the asker is told it ran',
    async run(face) {
      const card = await ask(face, 'allow-once')
      await ran(face, card, 0)
      expect(await face.answer([allow(card)])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
      expect(await face.told(card)).toEqual({ kind: 'ran' })
    },
  },
  {
    id: 'deny',
    promise: 'a Deny never runs the call, and the asker gets the structured `user_denied`',
    async run(face) {
      const card = await ask(face, 'deny')
      expect(await face.answer([{ card, decision: 'deny', by: alice }])).toEqual([
        { kind: 'taken' },
      ])
      expect(await face.told(card)).toEqual({ kind: 'denied', code: 'user_denied' })
      await ran(face, card, 0)
    },
  },
  {
    id: 'replay',
    promise: 'an answer used once is refused when sent again; the call does not run again',
    async run(face) {
      const card = await ask(face, 'replay')
      expect(await face.answer([allow(card)])).toEqual([{ kind: 'taken' }])
      const again = await face.answer([allow(card)])
      expect(taken(again)).toBe(0)
      await ran(face, card, 1)
    },
  },
  {
    id: 'duplicate',
    promise: 'the same answer twice in one request is refused as a whole; nothing runs',
    async run(face) {
      const card = await ask(face, 'duplicate')
      const outcomes = await face.answer([allow(card), allow(card)])
      expect(taken(outcomes)).toBe(0)
      await ran(face, card, 0)
      // The card is still the asker's to answer, once.
      expect(await face.answer([allow(card)])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
    },
  },
  {
    id: 'conflicting',
    promise:
      'Allow and Deny for one card in one request are refused as a whole, from anyone; nothing runs, on a resend either',
    setup: { rules: writesByRita },
    async run(face) {
      const card = await ask(face, 'conflicting')
      const both = (by: typeof rita) => [allow(card, by), { card, decision: 'deny' as const, by }]
      // Sam, whom the rules do not name, and then Rita, whom they do: neither request is applied.
      expect(taken(await face.answer(both(sam)))).toBe(0)
      expect(taken(await face.answer(both(sam)))).toBe(0)
      await ran(face, card, 0)
      expect(taken(await face.answer(both(rita)))).toBe(0)
      await ran(face, card, 0)
      // The card is still open for Rita's one answer; it runs once.
      expect(await face.answer([allow(card, rita)])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
    },
  },
  {
    id: 'unknown-beside-valid',
    promise: 'a request with a valid answer and one for an unknown card applies nothing',
    async run(face) {
      const card = await ask(face, 'unknown')
      const forged: Card = { ...card, id: `${card.id}-forged`, handle: undefined }
      const outcomes = await face.answer([allow(card), allow(forged)])
      expect(taken(outcomes)).toBe(0)
      await ran(face, card, 0)
    },
  },
  {
    id: 'concurrent',
    promise: 'four Allows at once for one card: exactly one is taken, the call runs once',
    async run(face) {
      const card = await ask(face, 'concurrent')
      const outcomes = await Promise.all(
        [1, 2, 3, 4].map(() => face.answer([allow(card)]).then((o) => o[0])),
      )
      expect(taken(outcomes as { kind: string }[])).toBe(1)
      await ran(face, card, 1)
    },
  },
  {
    id: 'changed-input',
    promise: 'an Allow carrying other input than the card showed is refused; nothing runs',
    async run(face) {
      const card = await ask(face, 'changed')
      expect(taken(await face.answer([allow(card, alice, { input: 'changed' })]))).toBe(0)
      await ran(face, card, 0)
    },
  },
  {
    id: 'extra-key',
    promise: 'an Allow whose input has a key the card did not show is refused; nothing runs',
    async run(face) {
      const card = await ask(face, 'extra')
      expect(taken(await face.answer([allow(card, alice, { input: 'extra-key' })]))).toBe(0)
      await ran(face, card, 0)
    },
  },
  {
    id: 'unicode',
    promise:
      'an Allow whose text is the card’s in another Unicode form runs nothing but the card’s exact text',
    async run(face) {
      const card = await ask(face, 'unicode', { text: `${marker('unicode')} café résumé` })
      await face.answer([allow(card, alice, { input: 'nfd' })])
      // Refused, or run with the card's exact text: never with text the card did not show.
      const effects = await face.effects(card)
      expect(effects.length).toBeLessThanOrEqual(1)
      for (const effect of effects) expect(effect).toBe(card.request.text)
    },
  },
  {
    id: 'other-person',
    promise:
      'another person cannot decide someone’s card (no rule covers it, so it is theirs); it stays theirs',
    setup: {
      rules: { version: 1, rules: [{ levels: ['destructive'], approvers: { users: ['rita'] } }] },
    },
    async run(face) {
      const card = await ask(face, 'other-person')
      expect(taken(await face.answer([allow(card, bob)]))).toBe(0)
      await ran(face, card, 0)
      expect(await face.answer([allow(card)])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
    },
  },
  {
    id: 'other-session',
    promise: 'a card is decided only where it was asked: another session’s Allow is refused',
    async run(face) {
      const card = await ask(face, 'other-session')
      expect(taken(await face.answer([allow(card, alice, { otherSession: true })]))).toBe(0)
      await ran(face, card, 0)
    },
  },
  {
    id: 'unnamed-approver',
    promise: 'an approver the rules do not name is refused; the one they name is taken',
    setup: { rules: writesByRita },
    async run(face) {
      const card = await ask(face, 'unnamed')
      expect(taken(await face.answer([allow(card, sam)]))).toBe(0)
      await ran(face, card, 0)
      expect(await face.answer([allow(card, rita)])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
    },
  },
  {
    id: 'quorum',
    promise: 'with a quorum of two, one Allow waits, the same person twice counts once, two run it',
    setup: {
      rules: {
        version: 1,
        rules: [
          {
            levels: ['write', 'destructive', 'execute'],
            approvers: { users: ['rita', 'sam'] },
            quorum: 2,
          },
        ],
      },
    },
    async run(face) {
      const card = await ask(face, 'quorum')
      expect(await face.answer([allow(card, rita)])).toEqual([{ kind: 'waiting' }])
      await ran(face, card, 0)
      expect(taken(await face.answer([allow(card, rita)]))).toBe(0)
      await ran(face, card, 0)
      expect(await face.answer([allow(card, sam)])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
    },
  },
  {
    id: 'four-eyes',
    promise: 'with four eyes the asker cannot approve their own call; a second person can',
    setup: {
      rules: {
        version: 1,
        rules: [
          {
            levels: ['write', 'destructive', 'execute'],
            approvers: { users: ['alice', 'rita'] },
            fourEyes: true,
          },
        ],
      },
    },
    async run(face) {
      const card = await ask(face, 'four-eyes')
      expect(taken(await face.answer([allow(card, alice)]))).toBe(0)
      await ran(face, card, 0)
      expect(await face.answer([allow(card, rita)])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
    },
  },
  {
    id: 'signed-required',
    promise: 'a plain Allow or Deny on a card that must be signed is refused',
    setup: {
      rules: { version: 1, rules: [{ levels: ['write', 'destructive', 'execute'], signed: true }] },
    },
    async run(face) {
      const card = await ask(face, 'signed-required')
      expect(await face.answer([{ card, decision: 'allow', by: alice }])).toEqual([
        { kind: 'refused', code: expect.any(String) },
      ])
      expect(await face.answer([{ card, decision: 'deny', by: alice }])).toEqual([
        { kind: 'refused', code: expect.any(String) },
      ])
      await ran(face, card, 0)
    },
  },
  {
    id: 'signed',
    promise:
      'on a card that must be signed, a plain Allow is refused; the person’s signed Allow runs it once, a signed Deny runs nothing',
    setup: {
      rules: { version: 1, rules: [{ levels: ['write', 'destructive', 'execute'], signed: true }] },
    },
    needs: ['signs'],
    async run(face) {
      const card = await ask(face, 'signed')
      expect(await face.answer([allow(card)])).toEqual([
        { kind: 'refused', code: 'signature_required' },
      ])
      expect(await face.answer([allow(card, alice, { signed: true })])).toEqual([{ kind: 'taken' }])
      await ran(face, card, 1)
      expect(await face.told(card)).toEqual({ kind: 'ran' })
      // The same signed answer again: its card is gone, nothing runs twice.
      expect(taken(await face.answer([allow(card, alice, { signed: true })]))).toBe(0)
      await ran(face, card, 1)
      const denied = await ask(face, 'signed')
      const deny: Answer = { card: denied, decision: 'deny', by: alice, signed: true }
      expect(await face.answer([deny])).toEqual([{ kind: 'taken' }])
      await ran(face, denied, 0)
    },
  },
  {
    id: 'asker-gone',
    promise: 'a card whose asker has gone closes; a later Allow runs nothing',
    needs: ['leave'],
    async run(face) {
      const card = await ask(face, 'asker-gone')
      await face.leave?.(card)
      expect(taken(await face.answer([allow(card)]))).toBe(0)
      await ran(face, card, 0)
    },
  },
  {
    id: 'restart',
    promise:
      'after a restart mid-card an Allow runs the call at most once, and the face says whether it did',
    needs: ['restart'],
    async run(face) {
      const card = await ask(face, 'restart')
      await face.restart?.()
      const [outcome] = await face.answer([allow(card)])
      await ran(face, card, outcome?.kind === 'taken' ? 1 : 0)
      expect(taken(await face.answer([allow(card)]))).toBe(0)
      await ran(face, card, outcome?.kind === 'taken' ? 1 : 0)
    },
  },
  {
    id: 'sigkill',
    promise: 'a face killed mid-card never runs the call later unless an Allow after it is taken',
    needs: ['kill'],
    async run(face) {
      const card = await ask(face, 'sigkill')
      await face.kill?.()
      const [outcome] = await face.answer([allow(card)])
      await ran(face, card, outcome?.kind === 'taken' ? 1 : 0)
    },
  },
  {
    id: 'stale-node',
    promise:
      'two nodes on one store: the Allow through the node not holding the card runs it once, and that node says so',
    needs: ['secondNode'],
    async run(face) {
      const card = await ask(face, 'stale-node')
      const second = await face.secondNode?.()
      if (second === undefined) throw new Error('no second node')
      try {
        expect(await second.answer([allow(card)])).toEqual([{ kind: 'taken' }])
        await ran(face, card, 1)
        expect(taken(await face.answer([allow(card)]))).toBe(0)
        expect(await second.told(card)).toEqual({ kind: 'ran' })
        await ran(face, card, 1)
      } finally {
        await second.close()
      }
    },
  },
  {
    id: 'target-changed',
    promise:
      'the target changed between the card and the Allow: refused `target_changed`, nothing written',
    needs: ['changeTarget'],
    async run(face) {
      const card = await ask(face, 'target', { target: 'existing' })
      await face.changeTarget?.(card)
      await face.answer([allow(card)])
      expect(await face.told(card)).toEqual({ kind: 'denied', code: 'target_changed' })
      await ran(face, card, 0)
    },
  },
  {
    id: 'new-target',
    promise:
      'a call that creates its target (a new file, a new task) can be allowed, and runs once',
    needs: ['changeTarget'],
    async run(face) {
      const card = await ask(face, 'new-target', { target: 'new' })
      expect(await face.answer([allow(card)])).toEqual([{ kind: 'taken' }])
      expect(await face.told(card)).toEqual({ kind: 'ran' })
      await ran(face, card, 1)
    },
  },
  {
    id: 'expiry',
    promise: 'an Allow after the card expired is refused; nothing runs',
    setup: { expiresInMs: 300 },
    needs: ['expired'],
    async run(face) {
      const card = await ask(face, 'expiry')
      await face.expired?.(card)
      expect(taken(await face.answer([allow(card)]))).toBe(0)
      await ran(face, card, 0)
    },
  },
]
