import { useMemo } from 'react'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { RunStatus } from '../../vocabulary/RunStatus.ts'
import { buildTranscript, type TranscriptItem } from '../core/buildTranscript.ts'
import type { RunSource } from '../core/RunSource.ts'
import {
  selectBusy,
  selectCompletedCount,
  selectEvents,
  selectMessages,
  selectPendingConfirmation,
  selectResolvedCount,
  selectStatus,
  selectWaiting,
} from '../core/runSelectors.ts'
import { useRunSelector } from './useRunSelector.ts'

// Each hook reads one slice through `useSelector`, so a component re-renders only when its slice
// changes: a status badge does not re-render for every streamed delta.

/** The run's status; re-renders only when the status changes. */
export const useRunStatus = (run: RunSource | undefined): RunStatus | undefined =>
  useRunSelector(run, selectStatus)

/** The `confirmationRequired` event the run waits on, if any. */
export const usePendingConfirmation = (run: RunSource | undefined): AgentEvent | undefined =>
  useRunSelector(run, selectPendingConfirmation)

/** The run's event log (a new array each time an event is appended). */
export const useRunEvents = (run: RunSource | undefined): readonly AgentEvent[] =>
  useRunSelector(run, selectEvents)

/** The conversation the model sees. */
export const useRunMessages = (run: RunSource | undefined): readonly ChatMessage[] =>
  useRunSelector(run, selectMessages)

/** True while the run works or waits for a decision. */
export const useRunBusy = (run: RunSource | undefined): boolean => useRunSelector(run, selectBusy)

/** A number that grows each time a tool completes: a key for refreshing workspace views. */
export const useCompletedToolCount = (run: RunSource | undefined): number =>
  useRunSelector(run, selectCompletedCount)

/** A number that grows each time a card is decided: a key for refreshing the rules list. */
export const useResolvedCount = (run: RunSource | undefined): number =>
  useRunSelector(run, selectResolvedCount)

/** The chat items of a run: messages, inline cards with their outcome, streamed text. */
export function useTranscript(run: RunSource | undefined): TranscriptItem[] {
  const events = useRunEvents(run)
  const waiting = useRunSelector(run, selectWaiting)
  return useMemo(() => buildTranscript(events, waiting), [events, waiting])
}
