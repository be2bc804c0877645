import { effectTags, type RunEffect } from '../../../machines/agentRunMachine.ts'
import { cardDigest } from '../../../tools/digest.ts'
import type { EffectRun, RunSnapshot, RunStep } from './explorerTypes.ts'

/**
 * How many times the step's microsteps entered the state with this key: a transition to it from
 * elsewhere, or back to itself with `reenter` (an internal self-transition runs no entry action).
 */
export function entries(step: RunStep, key: string): number {
  let n = 0
  for (const t of step.transitions)
    for (const node of t.target ?? []) if (node.key === key && (node !== t.source || t.reenter)) n++
  return n
}

/** Whether the step's microsteps entered the state with this key. */
export function enters(step: RunStep, key: string): boolean {
  return entries(step, key) > 0
}

/** The state each effect belongs to: it runs on entering it, and only then. */
export const effectStates = {
  callModel: 'thinking',
  describeCall: 'describing',
  offerCard: 'awaitingConfirmation',
  executeCall: 'executing',
} as const satisfies Record<RunEffect, string>

/** Why the effect on the initial snapshot is wrong: entering the first state runs its effect, once. */
export function checkInitialEffects(
  effects: EffectRun[],
  initial: RunSnapshot,
): string | undefined {
  for (const [effect, state] of Object.entries(effectStates)) {
    const ran = effects.filter((e) => e.type === effect).length
    const entered = initial.value === state ? 1 : 0
    if (ran !== entered)
      return `${effect} ran ${ran} times as the run started in ${String(initial.value)}`
  }
  for (const run of effects) {
    const why = effectInput(run)
    if (why !== undefined) return `${run.type} at the start: ${why}`
  }
  return tagsAgree(initial)
}

/** Why an effect was given a context it cannot do its work with, or undefined. */
export function effectInput(run: EffectRun): string | undefined {
  const { pending, current, turns, maxTurns } = run.context
  if (run.type === 'callModel') {
    if (pending !== undefined || current !== undefined) return 'the model was called mid-call'
    if (turns > maxTurns) return `turn ${turns} is past the limit of ${maxTurns}`
    return undefined
  }
  if (run.type === 'describeCall') {
    const prepared = current?.prepared
    if (prepared === undefined) return 'there is no prepared call to describe'
    if (!prepared.describes) return `${prepared.name} has no describe step`
    if (pending !== undefined) return 'a card is already open'
    if (current?.description !== undefined) return 'the call is already described'
    return undefined
  }
  if (run.type === 'offerCard') {
    const prepared = current?.prepared
    if (pending === undefined || prepared === undefined) return 'there is no card to offer'
    if (
      pending.callId !== prepared.callId ||
      pending.digest !== cardDigest(prepared.digest, current?.description?.target)
    )
      return 'the card is not for the current call, bound to what it shows'
    if (prepared.describes && current?.description === undefined)
      return `the card of ${prepared.name} shows no description`
    if (run.context.retiredConfirmationIds.includes(pending.confirmationId))
      return `the card ${pending.confirmationId} was already used`
    return undefined
  }
  return current?.prepared === undefined ? 'there is no prepared call' : undefined
}

/**
 * Why the tags disagree with the effects: a restore runs the effect its state's tag names (no
 * entry action runs then), so the tags must say exactly which state runs which effect.
 */
export function tagsAgree(snapshot: RunSnapshot): string | undefined {
  for (const [tag, effect] of Object.entries(effectTags)) {
    const owns = snapshot.value === effectStates[effect]
    if (snapshot.hasTag(tag as keyof typeof effectTags) !== owns)
      return `${String(snapshot.value)} ${owns ? 'lacks' : 'has'} the tag ${tag} of ${effect}`
  }
  return undefined
}
