/**
 * The planner's intent classifier: NLP.js's neural classifier, trained at build time on
 * scripts/planner/intentCorpus.ts (`npm run train:planner`) and shipped as data in
 * plannerIntentModel.ts. Loaded once, on first use; the same text always gets the same answer.
 */

import { containerBootstrap } from '@nlpjs/core'
import { LangEn } from '@nlpjs/lang-en-min'
import { NluManager, NluNeural } from '@nlpjs/nlu'
import { INTENT_MODEL } from './plannerIntentModel.ts'

/** The intent the classifier thinks most likely, with its score (0–1). */
export interface IntentGuess {
  intent: string
  score: number
}

/**
 * What the training script and the loader use of NLP.js's classifier, in our own words: the
 * published declarations then name no type of the untyped `@nlpjs/*` packages.
 */
export interface IntentManager {
  add(locale: string, utterance: string, intent: string): void
  train(): Promise<unknown>
  process(
    locale: string,
    utterance: string,
  ): Promise<{ classifications: { intent: string; score: number }[] }>
  toJSON(): object
  fromJSON(json: object): void
}

let loading: Promise<IntentManager> | undefined

/** A new, untrained classifier (the training script and the loader share it). */
export async function newIntentManager(): Promise<IntentManager> {
  const container = await containerBootstrap({ log: false })
  const withParts = container as { use: (part: object) => void }
  withParts.use(LangEn)
  withParts.use(NluNeural)
  return new NluManager({ container, locales: ['en'], trainByDomain: false, autoSave: false })
}

/** The most likely intent of `text` by the shipped model. */
export async function classifyIntent(text: string): Promise<IntentGuess> {
  loading ??= newIntentManager().then((manager) => {
    manager.fromJSON(JSON.parse(INTENT_MODEL))
    return manager
  })
  const manager = await loading
  const result = await manager.process('en', text.toLowerCase())
  const [best] = result.classifications
  return best === undefined
    ? { intent: 'None', score: 0 }
    : { intent: best.intent, score: best.score }
}
