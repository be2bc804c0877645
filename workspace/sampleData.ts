import type { StudyWorkspace } from './StudyWorkspace.ts'

const LECTURE_1 = `# Lecture 1: Photosynthesis

Photosynthesis is how plants, algae and some bacteria turn light energy into chemical energy.
Overall equation: 6 CO2 + 6 H2O + light -> C6H12O6 + 6 O2.

## Where it happens

- In the chloroplast, an organelle with two membranes.
- The thylakoid membranes hold the pigments; the fluid around them is the stroma.

## Chlorophyll

- Chlorophyll a and b absorb mostly blue and red light and reflect green, which is why leaves look green.
- Accessory pigments (carotenoids) widen the range of light that can be used.

## The light reactions (thylakoid membranes)

1. Light excites electrons in chlorophyll of photosystem II.
2. Water is split to replace those electrons, releasing O2 as a by-product.
3. The electrons pass down an electron transport chain, pumping H+ into the thylakoid space.
4. ATP synthase lets H+ flow back and makes ATP; photosystem I re-energises the electrons to make NADPH.

## The Calvin cycle (stroma)

- The enzyme RuBisCO fixes CO2 onto RuBP (ribulose bisphosphate).
- ATP and NADPH from the light reactions reduce the products to G3P, a three-carbon sugar.
- Most G3P regenerates RuBP; the rest builds glucose and other carbohydrates.

Key idea: the light reactions make ATP and NADPH; the Calvin cycle spends them to build sugar.
`

const LECTURE_2 = `# Lecture 2: Cellular respiration

Cellular respiration releases the energy stored in glucose and captures it as ATP.
Overall equation: C6H12O6 + 6 O2 -> 6 CO2 + 6 H2O + energy (about 30-32 ATP).

## Glycolysis (cytoplasm)

- Splits one glucose (6 carbons) into two pyruvate (3 carbons each).
- Needs no oxygen; nets 2 ATP and 2 NADH.

## Link reaction and Krebs cycle (mitochondrial matrix)

- Each pyruvate becomes acetyl-CoA, releasing one CO2.
- The Krebs (citric acid) cycle joins acetyl-CoA to oxaloacetate to make citrate.
- Each turn releases 2 CO2 and makes 3 NADH, 1 FADH2 and 1 ATP (or GTP).
- The cycle turns twice per glucose.

## Electron transport chain (inner mitochondrial membrane)

1. NADH and FADH2 hand their electrons to a chain of protein complexes.
2. The complexes pump H+ into the intermembrane space, building a gradient.
3. Oxygen is the final electron acceptor and forms water.
4. ATP synthase uses the H+ gradient to make most of the ATP (oxidative phosphorylation).

## ATP

- ATP (adenosine triphosphate) is the cell's energy currency; breaking off a phosphate releases energy.
- Without oxygen, cells fall back on fermentation and get only the 2 ATP from glycolysis.
`

const READING_NOTES = `# Reading notes: how the two lectures connect

- Photosynthesis and cellular respiration are roughly mirror images:
  photosynthesis stores energy in glucose, respiration releases it.
- The products of one are the inputs of the other: O2 and glucose from photosynthesis feed
  respiration; CO2 and H2O from respiration feed photosynthesis.
- Both use an electron transport chain and ATP synthase driven by an H+ gradient
  (thylakoid membrane in chloroplasts, inner membrane in mitochondria).
- Plants do both! Chloroplasts make sugar in the light; mitochondria burn it day and night.
- Question for review: why does a plant still need mitochondria if it can photosynthesise?
- To memorise: the Calvin cycle uses ATP and NADPH; the Krebs cycle makes NADH and FADH2.
`

/** The sample sources (written into `sources/` of a folder workspace), by file name. */
export const sampleSources: Readonly<Record<string, string>> = {
  'lecture-1.md': LECTURE_1,
  'lecture-2.md': LECTURE_2,
  'reading-notes.md': READING_NOTES,
}

const NOTEBOOK = 'Biology 101'
const TASKS = [
  { title: 'Review lecture 1 notes', importance: 3 },
  { title: 'Make flashcards for the Krebs cycle', importance: 2 },
]
const MEMORY = 'Prefers short study sessions of about 25 minutes'

/** Adds the Biology 101 sample records to `ws` (a notebook over the sample sources, two tasks, a memory); skips what exists. */
export async function addSampleRecords(ws: StudyWorkspace): Promise<void> {
  const notebooks = await ws.readNotebooks()
  if (!notebooks.some((n) => n.title === NOTEBOOK)) {
    await ws.createNotebook(NOTEBOOK, Object.keys(sampleSources))
  }
  const tasks = await ws.readTasks()
  for (const { title, importance } of TASKS) {
    if (tasks.some((t) => t.title === title)) continue
    const now = ws.clock().toISOString()
    await ws.upsertTask({
      id: ws.generateId(),
      title,
      importance,
      done: false,
      createdAt: now,
      updatedAt: now,
    })
  }
  const memory = await ws.readMemory()
  if (!memory.some((m) => m.text === MEMORY)) await ws.appendMemory(MEMORY)
}
