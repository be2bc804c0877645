// The eleven holes issue #45 reproduced, planted back as mutants: each is a face that behaves as
// the hole did (a wrapper around the real face's code, or a driver that translates as the broken
// face did), so the mutants test can show the conformance suite catches every one of them.
import type { AiSdkApprovalRequest } from '../../runtime/aiSdkApprovals.ts'
import { chatDriver } from './drivers/chatDriver.ts'
import { gatewayDriver } from './drivers/gatewayDriver.ts'
import { pageDriver } from './drivers/pageDriver.ts'
import { type Decide, decideRequest, runtimeDriver } from './drivers/runtimeDriver.ts'
import { openView, type ToolApprovalOf, toolApprovalDriver } from './drivers/toolApprovalDriver.ts'
import type { Answer, FaceDriver, FaceInstance, Outcome } from './face.ts'
import type { ScenarioId } from './scenarioIds.ts'

/** One planted hole. */
export interface Mutant {
  /** The reproduction's number in issue #45. */
  hole: number
  what: string
  /** The scenario meant to catch it. */
  caughtBy: ScenarioId
  driver(): FaceDriver
}

/** `driver` with each started face changed by `patch`. */
function patched(
  driver: FaceDriver,
  hole: number,
  patch: (face: FaceInstance) => FaceInstance,
): FaceDriver {
  return {
    ...driver,
    face: `${driver.face}, hole ${hole}`,
    start: async (setup) => patch(await driver.start(setup)),
  }
}

/** The answers the request's last tool message gives the call, in order (the AI SDK's shape). */
function answersFor(request: AiSdkApprovalRequest): boolean[] {
  const parts = (m: { content: unknown }) =>
    (Array.isArray(m.content) ? m.content : []) as Record<string, unknown>[]
  const ids = new Set<unknown>()
  for (const message of request.messages)
    for (const part of parts(message))
      if (part.type === 'tool-approval-request' && part.toolCallId === request.toolCall.toolCallId)
        ids.add(part.approvalId)
  const last = request.messages.at(-1)
  if (last?.role !== 'tool') return []
  return parts(last)
    .filter((p) => p.type === 'tool-approval-response' && ids.has(p.approvalId))
    .map((p) => p.approved === true)
}

/** Hole 1: several answers for one call, and the first one (the AI SDK's reading) decides alone. */
const firstAnswerWins: ToolApprovalOf = (approvals, by) => {
  const real = approvals.toolApproval({ by })
  return async (request) => {
    const answers = answersFor(request)
    if (answers.length > 1)
      return answers[0] ? { type: 'approved' } : { type: 'denied', reason: 'denied' }
    return real(request)
  }
}

/** Hole 2: a refused approval answered from the run's one result, not from whether it was taken. */
const answerFromTheRun: ToolApprovalOf = (approvals, by) => {
  const real = approvals.toolApproval({ by })
  return async (request) => {
    const status = await real(request)
    if (status.type !== 'denied') return status
    const view = await openView(approvals, request.toolCall.toolCallId)
    const result = view?.events.findLast((e) => e.kind === 'toolCompleted')
    const ok = (JSON.parse(result?.payloadJson ?? '{}') as { ok?: boolean }).ok === true
    return ok ? { type: 'approved' } : status
  }
}

/** Hole 6: a second process's Allow is taken, yet it answers that more approvals are needed. */
const secondProcessSaysDenied: ToolApprovalOf = (approvals, by, node) => {
  const real = approvals.toolApproval({ by })
  return async (request) => {
    const status = await real(request)
    return node === 'second' && status.type === 'approved'
      ? { type: 'denied', reason: 'this card needs more approvals before it can run' }
      : status
  }
}

/** Hole 10: a node whose decision lost (another consumed the card) still answers ok. */
const lostSaysTaken: Decide = async (runtime, answers) =>
  (await decideRequest(runtime, answers)).map((outcome) =>
    outcome.kind === 'refused' && outcome.code === 'lost' ? { kind: 'taken' } : outcome,
  )

/**
 * Hole 7, in the page: the app never followed a run the gateway holds, so once the page sent its
 * decision the run's stream told it nothing more. Runs in the page: after a decision is posted,
 * the run's event streams deliver nothing (the page keeps "Sending your decision…").
 */
function pageNeverHearsTheEnd() {
  const real = window.fetch.bind(window)
  let decided = false
  const silent = () =>
    new Response(new ReadableStream({ start() {} }), {
      headers: { 'content-type': 'text/event-stream' },
    })
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/confirmations') && (init?.method ?? 'GET') !== 'GET') decided = true
    if (decided && url.includes('/events')) return silent()
    const response = await real(input, init)
    if (!url.includes('/events') || response.body === null) return response
    // A stream open when the decision goes stops passing anything on from then.
    const held = response.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          if (!decided) controller.enqueue(chunk)
        },
      }),
    )
    return new Response(held, { headers: response.headers, status: response.status })
  }
}

/**
 * Hole 8, in the page: a new file's card came with the `target_missing` notice, which the page
 * reads as nothing to do (only Dismiss). Runs in the page: each card's description gets it back.
 */
function newFileIsNothingToDo() {
  const real = window.fetch.bind(window)
  const notice = '"notice":{"code":"target_missing","text":"There is no such file."},'
  window.fetch = async (input, init) => {
    const response = await real(input, init)
    const url = String(input instanceof Request ? input.url : input)
    if (!url.includes('/events') || response.body === null) return response
    const decoder = new TextDecoder()
    const encoder = new TextEncoder()
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const text = decoder.decode(chunk, { stream: true })
          controller.enqueue(
            encoder.encode(text.replaceAll('"description":{', `"description":{${notice}`)),
          )
        },
      }),
    )
    return new Response(body, { headers: response.headers, status: response.status })
  }
}

/** Hole 9: a chat request's answers applied one at a time, each its own request. */
function oneAtATime(face: FaceInstance): FaceInstance {
  return {
    ...face,
    async answer(answers) {
      const outcomes: Outcome[] = []
      for (const answer of answers) outcomes.push(...(await face.answer([answer])))
      return outcomes
    },
  }
}

/** The planted holes, each with the face it is planted in. */
export const mutants: readonly Mutant[] = [
  {
    hole: 1,
    what: 'toolApproval: conflicting answers for one call, the first one runs it',
    caughtBy: 'conflicting',
    driver: () => toolApprovalDriver(firstAnswerWins, 'AI SDK toolApproval, hole 1'),
  },
  {
    hole: 2,
    what: 'toolApproval: an approval that did not take the card (replayed, or lost to a concurrent one) is answered approved from the run’s result',
    caughtBy: 'replay',
    driver: () => toolApprovalDriver(answerFromTheRun, 'AI SDK toolApproval, hole 2'),
  },
  {
    hole: 3,
    what: 'gateway: any session decides any card the gateway holds',
    caughtBy: 'other-session',
    driver: () =>
      patched(gatewayDriver('http'), 3, (face) => ({
        ...face,
        answer: (answers) =>
          face.answer(answers.map((a): Answer => ({ ...a, otherSession: false }))),
      })),
  },
  {
    hole: 4,
    what: 'gateway: write_file not bound to the text its card showed (a change is not seen)',
    caughtBy: 'target-changed',
    driver: () =>
      patched(gatewayDriver('http'), 4, (face) => ({ ...face, changeTarget: async () => {} })),
  },
  {
    hole: 5,
    what: 'gateway: the asker going away is never noticed; the card stays open and runs later',
    caughtBy: 'asker-gone',
    driver: () => patched(gatewayDriver('http'), 5, (face) => ({ ...face, leave: async () => {} })),
  },
  {
    hole: 6,
    what: 'toolApproval on a second process: its Allow is taken, yet it answers denied',
    caughtBy: 'stale-node',
    driver: () => toolApprovalDriver(secondProcessSaysDenied, 'AI SDK toolApproval, hole 6'),
  },
  {
    hole: 7,
    what: 'the page on a gateway call it completed: the card never hears the run end and keeps saying it sends the decision',
    caughtBy: 'allow-once',
    driver: () =>
      pageDriver({ page: (page) => page.addInitScript(pageNeverHearsTheEnd) }, 'web page, hole 7'),
  },
  {
    hole: 8,
    what: 'a gateway call that creates a file cannot be allowed on the page (read as nothing to do)',
    caughtBy: 'new-target',
    driver: () =>
      pageDriver({ page: (page) => page.addInitScript(newFileIsNothingToDo) }, 'web page, hole 8'),
  },
  {
    hole: 9,
    what: 'POST /api/chat applies a request’s approvals one at a time',
    caughtBy: 'unknown-beside-valid',
    driver: () => patched(chatDriver(), 9, oneAtATime),
  },
  {
    hole: 10,
    what: 'a node whose Allow another node’s decision consumed answers ok',
    caughtBy: 'stale-node',
    driver: () => runtimeDriver(lostSaysTaken, 'runtime, hole 10'),
  },
  {
    hole: 11,
    what: 'a second process hands its Allow to the owner and never learns what came of it',
    caughtBy: 'stale-node',
    driver: () =>
      patched(runtimeDriver(), 11, (face) => ({
        ...face,
        async secondNode() {
          const second = await face.secondNode?.()
          if (second === undefined) throw new Error('no second node')
          return {
            ...second,
            answer: async (answers) => {
              await second.answer(answers)
              return answers.map(() => ({ kind: 'waiting' }))
            },
            told: async () => ({ kind: 'waiting' }),
          }
        },
      })),
  },
]
