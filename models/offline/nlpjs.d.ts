/** The few parts of NLP.js (`@nlpjs/*`, CommonJS without types) the planner's intent classifier uses. */

declare module '@nlpjs/core' {
  /** A container with NLP.js's default pipeline parts registered. */
  export function containerBootstrap(settings?: object): Promise<object>
}

declare module '@nlpjs/lang-en-min' {
  /** English tokenizer, stemmer and normalizer. */
  export const LangEn: object
}

declare module '@nlpjs/nlu' {
  /** The neural intent classifier. */
  export const NluNeural: object
  /** Holds one classifier per language. */
  export class NluManager {
    constructor(settings: {
      container: object
      locales: string[]
      trainByDomain?: boolean
      autoSave?: boolean
    })
    add(locale: string, utterance: string, intent: string): void
    train(): Promise<unknown>
    process(
      locale: string,
      utterance: string,
    ): Promise<{ classifications: { intent: string; score: number }[] }>
    toJSON(): object
    fromJSON(json: object): void
  }
}
