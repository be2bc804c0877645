// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { RunListPage, RunSummary } from '../../store/RunListing.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { RunList } from '../../ui/components/RunList.tsx'
import { describeRun } from '../../ui/core/describeRun.ts'
import type { RunLister } from '../../ui/core/RunLister.ts'
import { RunListModel } from '../../ui/core/RunListModel.ts'
import { localRuns } from '../../ui/local/localRuns.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'

const runtimes: AgentRuntime[] = []
afterEach(async () => {
  cleanup()
  for (const runtime of runtimes.splice(0)) await runtime.close()
})

const create = { id: 'c1', name: 'create_task', arguments: '{"title":"Revise"}' }

/** A runtime in memory whose model answers at once (a card for "add", else "ok"). */
function memoryRuntime(): AgentRuntime {
  const runtime = createAgentRuntime({
    model: new ScriptedModel((request) => {
      const last = request.messages.at(-1)
      const asked = last?.role === 'user' && last.content.startsWith('add')
      return asked ? { toolCalls: [create] } : { text: 'ok' }
    }),
    tools: createToolRegistry(),
    workspace: new MemoryWorkspace(),
  })
  runtimes.push(runtime)
  return runtime
}

async function started(runtime: AgentRuntime, input: string, rests = 'awaitingInput' as const) {
  const runId = runtime.startRun({ input })
  await waitForRun(runtime, runId, input.startsWith('add') ? 'awaitingConfirmation' : rests)
  await runtime.flush()
  return runId
}

/** A lister over a fixed list, counting its reads (one at a time, each waiting for `release`). */
function countingLister(all: RunSummary[]) {
  const reads: { limit?: number; cursor?: string }[] = []
  let release: (() => void) | undefined
  const lister: RunLister = {
    async listRuns(query = {}) {
      reads.push(query)
      await new Promise<void>((resolve) => (release = resolve))
      const from = Number(query.cursor ?? 0)
      const limit = query.limit ?? 20
      const runs = all.slice(from, from + limit)
      const page: RunListPage = { runs }
      return from + limit < all.length ? { ...page, nextCursor: String(from + limit) } : page
    },
  }
  return { lister, reads, release: () => release?.() }
}

const summary = (n: number): RunSummary => ({
  runId: `r${n}`,
  title: `question ${n}`,
  startedAt: '2026-11-30T09:00:00.000Z',
  status: 'awaitingInput',
  pending: false,
})

describe('RunListModel: the framework-free run list', () => {
  it('pages with loadMore, and never reads twice at once: a refresh asked during a read runs once after it', async () => {
    const { lister, reads, release } = countingLister(
      Array.from({ length: 5 }, (_, i) => summary(i)),
    )
    const model = new RunListModel(lister, { pageSize: 2 })
    const seen: string[] = []
    model.subscribe((snapshot) => seen.push(snapshot.status))
    const first = model.refresh()
    void model.refresh()
    void model.refresh()
    expect(reads).toHaveLength(1)
    release()
    await first
    // The three asked during the first read ran as one more.
    await vi.waitFor(() => expect(reads).toHaveLength(2))
    // Asked during that read, the next page waits for it (it may move where the page starts).
    const more = model.loadMore()
    release()
    await vi.waitFor(() => expect(reads).toHaveLength(3))
    expect(model.getSnapshot()).toMatchObject({ status: 'ready', more: true, loadingMore: true })
    expect(model.getSnapshot().runs).toHaveLength(2)
    release()
    await more
    expect(model.getSnapshot().runs.map((r) => r.runId)).toEqual(['r0', 'r1', 'r2', 'r3'])
    expect(reads.at(-1)).toEqual({ limit: 2, cursor: '2' })
    // A refresh reads again as many as are shown.
    const again = model.refresh()
    release()
    await again
    expect(reads.at(-1)).toEqual({ limit: 4 })
    expect(seen[0]).toBe('ready')
  })

  it('a failed read says why and keeps what was shown', async () => {
    let fail = false
    const model = new RunListModel({
      listRuns: async () => {
        if (fail) throw new Error('the server is gone')
        return { runs: [summary(1)] }
      },
    })
    await model.refresh()
    fail = true
    await model.refresh()
    expect(model.getSnapshot()).toMatchObject({
      status: 'ready',
      error: 'the server is gone',
      runs: [summary(1)],
    })
  })

  it('describes a run for people: its state in words, an ended one closed, a card as a badge', () => {
    expect(describeRun({ ...summary(1), status: 'awaitingConfirmation', pending: true })).toEqual({
      title: 'question 1',
      state: 'Waiting for your decision',
      when: expect.any(String),
      open: true,
      badge: 'Card waiting',
    })
    expect(describeRun({ ...summary(1), status: 'cancelled', title: '' })).toMatchObject({
      title: 'Untitled conversation',
      state: 'Ended',
      open: false,
    })
    expect(
      describeRun(
        { ...summary(1), startedAt: '2026-11-30T09:05:00.000Z' },
        new Date('2026-11-30T12:00:00.000Z'),
      ).when,
    ).toMatch(/^today /)
  })
})

describe('RunList: your conversations, to come back to', () => {
  it('lists runs newest first with first message, state and a badge; marks the current one; opens and starts', async () => {
    const runtime = memoryRuntime()
    const older = await started(runtime, 'what are my tasks?')
    const waiting = await started(runtime, 'add a task to revise')
    const onOpen = vi.fn()
    const onNewChat = vi.fn()
    render(
      <RunList
        runs={localRuns(runtime)}
        currentRunId={older}
        onOpen={onOpen}
        onNewChat={onNewChat}
      />,
    )
    const nav = screen.getByRole('navigation', { name: 'Conversations' })
    await within(nav).findByText('add a task to revise')
    const items = within(nav).getAllByRole('button', { name: /question|tasks|revise/ })
    expect(items.map((b) => b.querySelector('.sp-runs__title')?.textContent)).toEqual([
      'add a task to revise',
      'what are my tasks?',
    ])
    expect(items[0]?.textContent).toContain('Waiting for your decision')
    expect(items[0]?.textContent).toContain('Card waiting')
    expect(items[1]?.textContent).toContain('Ready')
    expect(items[1]?.getAttribute('aria-current')).toBe('true')
    expect(items[0]?.hasAttribute('aria-current')).toBe(false)
    fireEvent.click(items[0] as HTMLElement)
    expect(onOpen).toHaveBeenCalledWith(waiting)
    fireEvent.click(within(nav).getByRole('button', { name: 'New chat' }))
    expect(onNewChat).toHaveBeenCalled()
  })

  it('follows the runtime: a run that changes state or starts shows it without a reload', async () => {
    const runtime = memoryRuntime()
    const waiting = await started(runtime, 'add a task to revise')
    render(<RunList runs={localRuns(runtime)} onOpen={() => {}} />)
    await screen.findByText('Card waiting')
    await act(async () => {
      await runtime.cancel(waiting)
      await runtime.flush()
    })
    await waitFor(() => expect(screen.queryByText('Card waiting')).toBeNull())
    expect(screen.getByText('Ended')).toBeTruthy()
    await act(async () => {
      await started(runtime, 'search photosynthesis')
    })
    await screen.findByText('search photosynthesis')
  })

  it('"Show older" reads the next page', async () => {
    const runtime = memoryRuntime()
    for (let i = 1; i <= 3; i++) await started(runtime, `question ${i}`)
    render(<RunList runs={localRuns(runtime)} onOpen={() => {}} pageSize={2} />)
    await screen.findByText('question 3')
    expect(screen.queryByText('question 1')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }))
    await screen.findByText('question 1')
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull()
  })
})
