// `npm run train:planner`: trains the embedded planner's intent classifier on the corpus and
// writes it as data (models/offline/plannerIntentModel.ts). Same corpus, same model.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { newIntentManager } from '../models/offline/plannerIntentClassifier.ts'
import { intentCorpus } from './planner/intentCorpus.ts'

const corpus = intentCorpus()
const manager = await newIntentManager()
for (const [text, intent] of corpus) manager.add('en', text, intent)
const quiet = console.log
console.log = () => {}
await manager.train()
console.log = quiet
const json = JSON.stringify(slim(manager.toJSON()))
const file = join(import.meta.dirname, '..', 'models', 'offline', 'plannerIntentModel.ts')
const source = `/** The trained intent classifier (NLP.js JSON), written by \`npm run train:planner\` from ${corpus.length} utterances: do not edit. */\nexport const INTENT_MODEL =\n  ${JSON.stringify(json)}\n`
writeFileSync(file, source)
console.log(`trained on ${corpus.length} utterances; ${Math.round(json.length / 1024)} KB of model`)

// The network is what classifies: the training sentences and their exact-match table only make
// the file bigger (they are the corpus again), and weights need no more than 1 decimal (a second
// cost 2.2 KB gzipped and changed no tuning, held-out or round answer, rounds six and seven
// included; a third 1.7 KB more, a fourth 1.7 KB more).
function slim(model: object): object {
  const copy = JSON.parse(
    JSON.stringify(model, (_key, value) =>
      typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e1) / 1e1 : value,
    ),
  )
  copy.extraSentences = []
  for (const domain of Object.values(copy.domainManagers ?? {}) as Record<string, unknown>[]) {
    domain.sentences = []
    domain.stemDict = {}
    // Which intents each feature appears in is built for training only; classifying never reads it.
    for (const nlu of Object.values(domain.domains ?? {}) as Record<string, unknown>[])
      nlu.featuresToIntent = {}
  }
  return copy
}
