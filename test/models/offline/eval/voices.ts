/**
 * The second held-out set, "voices": written by another hand before round two of the planner
 * changed anything, in voices unlike the tuning set's (terse phone typing, non-native speakers,
 * formal writers, typos). Never tuned on: do not add to it what you tuned for, do not read its
 * misses while tuning. The clock is Tuesday 1 December 2026, 10:00; every case runs on the `week`
 * workspace: the shared one (“Essay on photosynthesis” due Tue 8 Dec importance 4, “Read chapter 5”
 * due Thu 3 Dec, “Buy a calculator”, the sample's two tasks, an “Exam plan” note) plus a
 * “Mitochondria” note, two memories (“My exam is on 15 December”, “I study best in the morning”)
 * and two tasks already done (“Return library books”, “Print lecture slides”).
 */

import type { EvalCase } from './evalCase.ts'
import { CALC, CARDS } from './heldoutNames.ts'
import { VOICES_LATER } from './voicesLater.ts'

const cases: readonly Omit<EvalCase, 'workspace'>[] = [
  // Several requests in one message: each its own proposal, in order
  {
    voice: 'non-native',
    say: ['please add revise the enzymes chapter for friday and email my tutor on monday'],
    expect: {
      created: [
        { title: /^revise the enzymes chapter$/i, due: '2026-12-04' },
        { title: /^email my tutor$/i, due: '2026-12-07' },
      ],
    },
  },
  {
    voice: 'terse',
    say: ['plan my week: gym on wed, lab report on fri, laundry on sun'],
    expect: {
      created: [
        { title: /^gym$/i, due: '2026-12-02' },
        { title: /^lab report$/i, due: '2026-12-04' },
        { title: /^laundry$/i, due: '2026-12-06' },
      ],
    },
  },
  {
    voice: 'terse',
    say: ['plan my week - wed: revise genetics, thu: past paper, sat: flashcards for osmosis'],
    expect: {
      created: [
        { title: /^revise genetics$/i, due: '2026-12-02' },
        { title: /^past paper$/i, due: '2026-12-03' },
        { title: /^flashcards for osmosis$/i, due: '2026-12-05' },
      ],
    },
  },
  {
    voice: 'non-native',
    say: [
      'I want to do three things: wash my lab coat tomorrow, buy batteries on thursday and call my mother on sunday',
    ],
    expect: {
      created: [
        { title: /^wash my lab coat$/i, due: '2026-12-02' },
        { title: /^buy batteries$/i, due: '2026-12-03' },
        { title: /^call my mother$/i, due: '2026-12-06' },
      ],
    },
  },
  {
    voice: 'casual',
    say: ['mark the calculator one done and delete the flashcards task'],
    expect: { updated: [{ was: CALC, done: true }], deleted: [CARDS] },
  },
  {
    voice: 'formal',
    say: [
      'Please remember that my tutor is called Dr Okafor, and remind me to email her on Thursday.',
    ],
    expect: {
      memory: /tutor is called Dr Okafor/i,
      created: [{ title: /^email (her|dr okafor)$/i, due: '2026-12-03' }],
    },
  },
  {
    voice: 'terse',
    say: ['add 3 tasks: photocopy notes, buy stapler, renew library card'],
    expect: {
      created: [
        { title: /^photocopy notes$/i },
        { title: /^buy stapler$/i },
        { title: /^renew library card$/i },
      ],
    },
  },
  {
    voice: 'phone',
    say: ['todo\n- revise osmosis fri\n- book study room thu\n- pay phone bill'],
    expect: {
      created: [
        { title: /^revise osmosis$/i, due: '2026-12-04' },
        { title: /^book study room$/i, due: '2026-12-03' },
        { title: /^pay phone bill$/i },
      ],
    },
  },
  {
    voice: 'formal',
    say: [
      'Kindly create two reminders: submit the scholarship form on 7 December and collect my transcript on 9 December.',
    ],
    expect: {
      created: [
        { title: /^submit the scholarship form$/i, due: '2026-12-07' },
        { title: /^collect my transcript$/i, due: '2026-12-09' },
      ],
    },
  },
  {
    voice: 'casual',
    say: ['i finished the calculator thing, and pls add buy a ruler'],
    expect: { updated: [{ was: CALC, done: true }], created: [{ title: /^buy a ruler$/i }] },
  },
  {
    voice: 'terse',
    say: ['delete the flashcards task then add make flashcards for lecture 2 due monday'],
    expect: {
      deleted: [CARDS],
      created: [{ title: /^make flashcards for lecture 2$/i, due: '2026-12-07' }],
    },
  },
  {
    voice: 'phone',
    say: ['buy printer ink tmrw + call the dentist fri'],
    expect: {
      created: [
        { title: /^buy printer ink$/i, due: '2026-12-02' },
        { title: /^call the dentist$/i, due: '2026-12-04' },
      ],
    },
  },
  {
    voice: 'non-native',
    say: ['add task for prepare the presentation on monday and also add task to buy a gift'],
    expect: {
      created: [
        { title: /^prepare the presentation$/i, due: '2026-12-07' },
        { title: /^buy a gift$/i },
      ],
    },
  },
  // Notes: saved with a title and a body, appended to, summarised into, renamed, deleted
  {
    voice: 'terse',
    say: ['save note Osmosis:\nwater moves across a membrane\nfrom low to high solute'],
    expect: { note: { title: /^osmosis$/i, content: /water moves[\s\S]*high solute/ } },
  },
  {
    voice: 'casual',
    say: ['jot this down under Enzymes: they lower the activation energy'],
    expect: { note: { title: /^enzymes$/i, content: /lower the activation energy/ } },
  },
  {
    voice: 'terse',
    say: ['jot down under genetics - dominant alleles mask recessive ones'],
    expect: { note: { title: /^genetics$/i, content: /dominant alleles mask recessive ones/ } },
  },
  {
    voice: 'phone',
    say: ['new note titled Lab safety\ngoggles always\nno food in the lab'],
    expect: { note: { title: /^lab safety$/i, content: /goggles always[\s\S]*no food/ } },
  },
  {
    voice: 'casual',
    say: ['add to my exam plan note: do past papers on sunday'],
    expect: {
      note: {
        title: /^exam plan$/i,
        content: /Revise respiration first[\s\S]*do past papers on sunday/,
      },
    },
  },
  {
    voice: 'formal',
    say: ["append 'cristae increase the surface area' to the mitochondria note"],
    expect: {
      note: { title: /^mitochondria$/i, content: /Powerhouse[\s\S]*cristae increase the surface/ },
    },
  },
  {
    voice: 'casual',
    say: ['put this at the end of my Mitochondria note: has its own DNA'],
    expect: { note: { title: /^mitochondria$/i, content: /Powerhouse[\s\S]*has its own DNA/ } },
  },
  {
    voice: 'terse',
    say: ['summarise lecture 2 into a note'],
    expect: { note: { title: /lecture 2/i, content: /glycolysis/i } },
  },
  {
    voice: 'typos',
    say: ['can u write a summary of lecture 1 to my notes'],
    expect: { note: { content: /chloroplast/i } },
  },
  {
    voice: 'formal',
    say: ['Please make a note with the main points of the reading notes.'],
    expect: { note: { content: /mirror images/i } },
  },
  {
    voice: 'casual',
    say: ['rename my exam plan note to Revision plan'],
    expect: {
      note: { title: /^revision plan$/i, content: /Revise respiration first/ },
      notesGone: [/^Exam plan$/],
    },
  },
  {
    voice: 'formal',
    say: ['Change the title of the Mitochondria note to Cell organelles.'],
    expect: {
      note: { title: /^cell organelles$/i, content: /Powerhouse of the cell/ },
      notesGone: [/^Mitochondria$/],
    },
  },
  {
    voice: 'terse',
    say: ['delete the note Mitochondria'],
    expect: { notesGone: [/^Mitochondria$/] },
  },
  { voice: 'phone', say: ['pls remove my exam plan note'], expect: { notesGone: [/^Exam plan$/] } },
  {
    voice: 'casual',
    say: ['get rid of the mitochondria notes'],
    expect: { notesGone: [/^Mitochondria$/] },
  },
  {
    voice: 'casual',
    say: ['delete my note about mitochondria'],
    expect: { notesGone: [/^Mitochondria$/] },
  },
  {
    voice: 'formal',
    say: ['Replace the content of my exam plan note with: past papers every evening'],
    expect: { note: { title: /^exam plan$/i, content: /^past papers every evening$/ } },
  },
  {
    voice: 'non-native',
    say: [
      'please to make a note with name Photosynthesis and text: light reactions are in thylakoids',
    ],
    expect: {
      note: { title: /^photosynthesis$/i, content: /light reactions are in thylakoids/ },
    },
  },
  {
    voice: 'casual',
    say: ['write down in a note called Key dates: exam 15 Dec, essay 8 Dec'],
    expect: { note: { title: /^key dates$/i, content: /exam 15 Dec, essay 8 Dec/ } },
  },
  ...VOICES_LATER,
]

/** The second held-out phrasings, each on the `week` workspace. */
export const VOICES: readonly EvalCase[] = cases.map((c) => ({ ...c, workspace: 'week' }))
