import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'
import { AgentChat } from '../components/AgentChat.tsx'
import { RunList } from '../components/RunList.tsx'
import { RunTimeline } from '../components/RunTimeline.tsx'
import { StatechartView } from '../components/StatechartView.tsx'
import { WorkspacePanel } from '../components/WorkspacePanel.tsx'
import { submitCommand } from '../core/submitCommand.ts'
import { useRunStatus } from '../hooks/runHooks.ts'
import type { RemoteRunClient } from '../remote/RemoteRunClient.ts'
import { type AppInfo, type SignedInPerson, StudyPulseClient } from '../remote/StudyPulseClient.ts'
import { browserWebAuthn } from './browserWebAuthn.ts'
import { readPageToken } from './readPageToken.ts'
import { ApprovalSummary, SignedInBar } from './SignedInBar.tsx'
import { SignInScreen } from './SignInScreen.tsx'
import { shownRun } from './shownRun.ts'
import { signedOutBy } from './signedOutBy.ts'
import { useCardReach } from './useCardReach.ts'
import { serverLostCard, useReloadWhenRestarted, useServerLost } from './useServerLost.ts'

const suggestions = [
  'add a task to review chapter 3 by Friday, importance 4',
  'what are my tasks?',
  'search photosynthesis',
  'remember that I study best in the morning',
]

const statusLabel: Record<string, string> = {
  thinking: 'Thinking…',
  preparing: 'Working…',
  describing: 'Reading what this would change…',
  executing: 'Working…',
  reporting: 'Working…',
  awaitingConfirmation: 'Waiting for your decision',
  awaitingInput: 'Ready',
  failed: 'Run failed',
  cancelled: 'Cancelled',
}

type Tab = 'workspace' | 'activity' | 'statechart'
// On a narrow screen the conversations and the side panel are drawers over the chat (page.css).
type Drawer = 'conversations' | 'panel'
const tabs: { id: Tab; label: string }[] = [
  { id: 'workspace', label: 'Workspace' },
  { id: 'activity', label: 'Activity' },
  { id: 'statechart', label: 'How it works' },
]

/**
 * The StudyPulse page: your conversations (New chat, and every earlier run to reopen), the chat
 * with inline cards, and a side panel with the workspace and the run, kept current live.
 */
export function App() {
  // Set once the server answers `stale_token`: it restarted under this open page.
  const [restarted, setRestarted] = useState(false)
  // Set once the server answers 401: nobody is signed in here, or the sign-in ended.
  const [signedOut, setSignedOut] = useState<'never' | 'ended'>()
  const pageToken = useMemo(readPageToken, [])
  const client = useMemo(
    () =>
      new StudyPulseClient({
        token: pageToken,
        // Passkeys: the Passkeys section adds them, and cards that must be signed are signed here.
        webAuthn: browserWebAuthn,
        onStaleToken: () => setRestarted(true),
        onSignedOut: () => setSignedOut((was) => was ?? 'ended'),
      }),
    [pageToken],
  )
  const [info, setInfo] = useState<AppInfo>()
  const [me, setMe] = useState<SignedInPerson>()
  const [run, setRun] = useState<RemoteRunClient | undefined>(() => {
    const id = shownRun.take()
    return id ? client.openRun(id) : undefined
  })
  const current = useRef(run)
  const [tab, setTab] = useState<Tab>('workspace')
  const [drawer, setDrawer] = useState<Drawer>()
  const toggleDrawer = (which: Drawer) => setDrawer((open) => (open === which ? undefined : which))
  const closeDrawer = useCallback(() => setDrawer(undefined), [])
  const focusAfterClose = useRef<string>(undefined)
  useDrawerFocus(drawer, focusAfterClose)
  const status = useRunStatus(run)

  useEffect(() => {
    client.info().then(setInfo, () => {})
    client.me().then(setMe, (error: unknown) => {
      if (signedOutBy(error)) setSignedOut('never')
    })
  }, [client])
  const reach = useCardReach(
    useCallback((runId: string) => client.card(runId), [client]),
    run,
  )
  const lost = useServerLost(run)
  useReloadWhenRestarted(restarted)
  // While the server is gone, no card can be answered: it says so instead of "Failed to fetch".
  const cardUnavailable = useCallback(
    (request: Parameters<typeof reach>[0]) => (lost ? serverLostCard : reach(request)),
    [lost, reach],
  )
  // A page served with a session carries its CSRF token; one behind a proxy or for bearer
  // tokens carries none ('hosted'), and there the proxy or the client signs people out.
  const canSignOut = pageToken !== 'hosted' && me?.signedIn === true
  const signOut = useCallback(async () => {
    location.assign(await client.signOut())
  }, [client])

  // The run shown changes; the one before goes on in the server, this page stops following it.
  const show = useCallback((next: RemoteRunClient | undefined) => {
    current.current?.close()
    current.current = next
    setRun(next)
    shownRun.keep(next?.runId)
  }, [])
  const startRun = useCallback(
    async (text: string) => show(await client.startRun(text, info?.notebook?.id)),
    [client, info, show],
  )
  // A run reopens with its whole history and any open card: its stream replays its log.
  const openRun = useCallback(
    (runId: string) => {
      setDrawer(undefined)
      if (current.current?.runId !== runId) show(client.openRun(runId))
    },
    [client, show],
  )
  // A task's or note's Edit, Move or Delete asks in the chat: a card there, and on a phone the
  // drawer gives way so the card is what the person sees next. With no chat open, the ask opens
  // one: its first step is that card (no model turn), and the list names it by the ask's words.
  const canPropose = (run === undefined || status === 'awaitingInput') && !lost
  const propose = useCallback(
    async (proposal: PersonProposal) => {
      if (run === undefined) show(await client.startRunProposing(proposal, info?.notebook?.id))
      else await submitCommand(run, { type: 'PROPOSE', proposal })
      setDrawer(undefined)
    },
    [run, client, info, show],
  )
  const proposeBlocked = lost
    ? 'The connection is lost: changes can be asked once it is back.'
    : 'The chat is busy: answer its card or wait for it, then ask here.'
  const newChat = useCallback(() => {
    setDrawer(undefined)
    show(undefined)
    // Clicked in a drawer, the box takes the focus once the drawer has closed.
    if (drawer !== undefined) focusAfterClose.current = '.sp-chat__input'
    document.querySelector<HTMLElement>('.sp-chat__input')?.focus()
  }, [show, drawer])

  return (
    <div className="app">
      <header className="app__header">
        <h1 className="app__brand">
          <span className="app__logo" aria-hidden="true">
            ◆
          </span>
          <span className="app__brand-name">StudyPulse</span>
        </h1>
        <div className="app__drawers">
          <button
            type="button"
            className="app__drawer-toggle app__drawer-toggle--conversations"
            aria-expanded={drawer === 'conversations'}
            aria-controls="app-conversations"
            onClick={() => toggleDrawer('conversations')}
          >
            Chats
          </button>
          <button
            type="button"
            className="app__drawer-toggle app__drawer-toggle--panel"
            aria-expanded={drawer === 'panel'}
            aria-controls="app-panel"
            onClick={() => toggleDrawer('panel')}
          >
            Workspace
          </button>
        </div>
        <div className="app__meta">
          {me?.signedIn ? (
            <SignedInBar me={me} {...(canSignOut && { onSignOut: () => void signOut() })} />
          ) : null}
          {info?.notebook ? (
            <span className="app__chip app__chip--notebook">{info.notebook.title}</span>
          ) : null}
          {run ? (
            <span
              className={`app__chip ${lost ? 'app__chip--lost' : 'app__chip--quiet app__chip--status'}`}
              data-run-status={lost ? 'lost' : (status ?? '')}
            >
              {lost
                ? 'Connection lost — trying again…'
                : (statusLabel[status ?? ''] ?? status ?? 'Connecting…')}
            </span>
          ) : null}
        </div>
      </header>
      {me?.signedIn && me.approvals ? <ApprovalSummary approvals={me.approvals} /> : null}
      {restarted ? (
        <div className="app__restarted" role="alert">
          <span>StudyPulse restarted — reload this page to go on.</span>
          <button type="button" className="app__reload" onClick={() => location.reload()}>
            Reload
          </button>
        </div>
      ) : null}
      {signedOut !== undefined ? (
        <SignInScreen expired={signedOut === 'ended'} />
      ) : (
        <main
          className={`app__main${tab === 'statechart' ? ' app__main--wide' : ''}`}
          data-drawer={drawer ?? 'none'}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && drawer !== undefined) closeDrawer()
          }}
        >
          <div className="app__rail" id="app-conversations">
            <BackToChat onClick={closeDrawer} />
            <RunList
              runs={client}
              {...(run && { currentRunId: run.runId })}
              onOpen={openRun}
              onNewChat={newChat}
              refreshKey={`${run?.runId ?? ''}:${status ?? ''}`}
            />
          </div>
          <section className="app__chat" aria-label="Chat">
            <AgentChat
              run={run}
              onStartRun={startRun}
              cardUnavailable={cardUnavailable}
              emptyState={
                <div className="app__welcome">
                  <h2>What shall we plan today?</h2>
                  <p>
                    StudyPulse proposes; you decide. Before anything in your workspace changes, it
                    shows you a card, and nothing happens until you allow it.
                  </p>
                  <div className="app__suggestions">
                    {suggestions.map((s) => (
                      <button
                        key={s}
                        type="button"
                        className="app__suggestion"
                        onClick={() => void startRun(s)}
                      >
                        {s}
                      </button>
                    ))}
                  </div>
                </div>
              }
            />
          </section>
          <aside className="app__side" id="app-panel" aria-label="Workspace and activity">
            <BackToChat onClick={closeDrawer} />
            <div className="app__tabs" role="tablist" aria-label="Side panel">
              {tabs.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={`panel-${t.id}`}
                  className="app__tab"
                  onClick={() => setTab(t.id)}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div
              className="app__tabpanel"
              role="tabpanel"
              id={`panel-${tab}`}
              aria-labelledby={`tab-${tab}`}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls on its own, so a keyboard must reach it (the ARIA tabs pattern).
              tabIndex={0}
            >
              {tab === 'workspace' ? (
                <WorkspacePanel
                  reader={client}
                  policies={client}
                  mcp={client}
                  sources={client}
                  tasks={client}
                  {...(me?.signedIn && { passkeys: client })}
                  run={run}
                  {...(canPropose ? { onPropose: propose } : { proposeBlocked })}
                  {...(info?.notebook && { notebookId: info.notebook.id })}
                />
              ) : tab === 'activity' ? (
                <RunTimeline
                  run={run}
                  onUndo={
                    run !== undefined && status === 'awaitingInput'
                      ? (changeId) =>
                          void submitCommand(run, { type: 'UNDO', changeId }).catch(() => undefined)
                      : undefined
                  }
                />
              ) : (
                // For a developer: the chart's states and events, and which model plans.
                <div data-developer-view="how-it-works">
                  {info ? <p className="sp-muted app__model">Model: {info.model}</p> : null}
                  <StatechartView run={run} />
                </div>
              )}
            </div>
          </aside>
        </main>
      )}
    </div>
  )
}

// Shown only where the pane is a drawer (page.css): the way back to the chat, besides Escape.
function BackToChat(props: { onClick: () => void }) {
  return (
    <button type="button" className="app__back" onClick={props.onClick}>
      <span aria-hidden="true">← </span>Back to the chat
    </button>
  )
}

// An opened drawer takes the focus (its Back button); a closed one gives it back to its toggle, or
// to what `after` names. Only where the pane is a drawer: elsewhere nothing is hidden or moved.
function useDrawerFocus(drawer: Drawer | undefined, after: { current: string | undefined }) {
  const was = useRef<Drawer>(undefined)
  useEffect(() => {
    const shown = (selector: string) => {
      const el = document.querySelector<HTMLElement>(selector)
      return el?.offsetParent != null ? el : null
    }
    if (drawer !== undefined) shown(`#app-${drawer} .app__back`)?.focus()
    else if (was.current !== undefined && document.activeElement === document.body)
      shown(after.current ?? `.app__drawer-toggle--${was.current}`)?.focus()
    after.current = undefined
    was.current = drawer
  }, [drawer, after])
}
