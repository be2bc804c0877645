/**
 * Round six, writer B (blind): two voices on the `week` workspace, clock Tuesday 1 December 2026.
 * Written from the case format, the eval's workspace seed and the docs only (never the planner).
 *
 * The `week` workspace: open tasks “Review lecture 1 notes” (importance 3), “Make flashcards for the
 * Krebs cycle” (importance 2), “Essay on photosynthesis” (8 Dec, importance 4), “Read chapter 5”
 * (3 Dec), “Buy a calculator”; done “Return library books” (30 Nov) and “Print lecture slides”;
 * notes “Exam plan” and “Mitochondria”; memories: short study sessions of about 25 minutes, the
 * exam on 15 December, studying best in the morning.
 *
 * Days from Tue 1 Dec: tomorrow 2, thursday 3, friday 4, saturday 5, sunday 6, monday 7,
 * tuesday 8, next wednesday 9, next friday 11, end of the month 31.
 */
import type { EvalCase } from './evalCase.ts'
import { BOOKS, CALC, CARDS, CH5, ESSAY, HIGH, LECT, LOW, SLIDES } from './heldoutNames.ts'

const ESL = 'non-native'
const POLITE = 'polite'

/** Students whose first language is Spanish, Hindi, Mandarin, Arabic, Russian, Portuguese, Korean, French. */
const secondLanguage: readonly EvalCase[] = [
  // Adds: literal translations, wrong prepositions, odd word order
  {
    say: ['please make the homework of maths for tomorrow'],
    expect: {
      created: [
        {
          title: /^(?:(?:do|make) )?(?:the |my )?(?:maths? homework|homework of maths?)$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Put a remember for me to call to my mother in sunday'],
    expect: { created: [{ title: /^call (?:to )?my mother$/i, due: '2026-12-06' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I must to finish the lab report until friday'],
    expect: { created: [{ title: /^finish (?:the |my )?lab report$/i, due: '2026-12-04' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I want that you add revise the Krebs cycle in saturday'],
    expect: { created: [{ title: /^revise (?:the )?krebs cycle$/i, due: '2026-12-05' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Tomorrow I have to go to the dentist at 3, put it please'],
    expect: {
      created: [
        {
          title: /^(?:go to (?:the )?dentist|dentist(?: appointment)?)(?: at 3(?: ?pm)?)?$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['remind me for pay the rent the day 10'],
    expect: { created: [{ title: /^pay (?:the |my )?rent$/i, due: '2026-12-10' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I need to assist to the seminar of genetics on thursday'],
    expect: {
      created: [
        {
          title: /^(?:assist to|attend|go to) (?:the )?(?:seminar of genetics|genetics seminar)$/i,
          due: '2026-12-03',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I have an appointment with my tutor in next wednesday, please remind'],
    expect: {
      created: [
        {
          title: /^(?:(?:an |the )?appointment with my tutor|meet(?:ing)? (?:with )?my tutor)$/i,
          due: '2026-12-09',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Make me remember to bring the lab coat tomorrow morning'],
    expect: { created: [{ title: /^bring (?:the |my )?lab coat$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['For the 9 of december I need to have read the chapter 6'],
    expect: { created: [{ title: /^read (?:the )?chapter 6$/i, due: '2026-12-09' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Please add that I must revise the cristae for the quiz, very important, for friday'],
    expect: {
      created: [
        {
          title: /^revise (?:the )?cristae(?: for the quiz)?$/i,
          due: '2026-12-04',
          importance: HIGH,
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Add task write report about experiment to Friday'],
    expect: {
      created: [
        {
          title: /^write (?:a |the )?report (?:about|on) (?:the |an )?experiment$/i,
          due: '2026-12-04',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['kindly do the needful and add revise organic chemistry by tomorrow itself'],
    expect: { created: [{ title: /^revise organic chemistry$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['help me add one task, tomorrow go library borrow book'],
    expect: {
      created: [
        {
          title:
            /^(?:go (?:to )?(?:the )?library(?: (?:and |to )?borrow (?:a |the )?books?)?|borrow (?:a |the )?books? (?:from|at) (?:the )?library)$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Friday until the lab report finish must, please add'],
    expect: {
      created: [{ title: /^(?:finish )?(?:the )?lab report(?: finish)?$/i, due: '2026-12-04' }],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["I must do my dissertation for the 10 december, it's very important"],
    expect: {
      created: [
        { title: /^(?:do |write )?my dissertation$/i, due: '2026-12-10', importance: HIGH },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Can you remind me to pass my exam of driving on monday'],
    expect: {
      created: [
        {
          title: /^(?:pass|take|do) my (?:exam of driving|driving (?:exam|test))$/i,
          due: '2026-12-07',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["Tomorrow morning 9 o'clock have group meeting, help me remember"],
    expect: {
      created: [
        {
          title: /^(?:have |go to )?(?:a |the )?group meeting(?: at 9(?: o'clock| ?am)?)?$/i,
          due: '2026-12-02',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Add three tasks: wash the clothes, clean my room, buy the bread'],
    expect: {
      created: [
        { title: /^wash (?:the |my )?clothes$/i },
        { title: /^clean my room$/i },
        { title: /^buy (?:the |some )?bread$/i },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: [
      'i am agree with the plan, add please revise photosynthesis in monday and respiration in tuesday',
    ],
    expect: {
      created: [
        { title: /^revise photosynthesis$/i, due: '2026-12-07' },
        { title: /^(?:revise )?respiration$/i, due: '2026-12-08' },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Add revise chapter 6 for friday and after that put it in high priority'],
    expect: {
      created: [{ title: /^revise chapter 6$/i, due: '2026-12-04', importance: HIGH }],
    },
    workspace: 'week',
    voice: ESL,
  },
  // Moves: false friends (advance, prepone, actualize, prolongate), wrong prepositions
  {
    say: ['The essay, can you move it for the next monday?'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Actually the reading of chapter 5 is not until monday, the professor said'],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['postpone the reading of chapter 5 two days more'],
    expect: { updated: [{ was: CH5, due: '2026-12-05' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['advance the essay to thursday, the teacher wants it before'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-03' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['please prepone the essay to saturday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-05' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Actualize the essay to the day 14'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-14' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Normally the essay is for the 8 but the prof has prolongated it to the 15'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-15' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Put the review of lecture 1 for tomorrow'],
    expect: { updated: [{ was: LECT, due: '2026-12-02' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['essay deadline change to next friday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-11' }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["the task of essay, take out the date, the teacher didn't give date yet"],
    expect: { updated: [{ was: ESSAY, due: null }] },
    workspace: 'week',
    voice: ESL,
  },
  // Importance, renames, task notes
  {
    say: ['change the importance of flashcards to more high, is important for me'],
    expect: { updated: [{ was: CARDS, importance: HIGH }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['can you to put the essay with less importance? is not so urgent now'],
    expect: { updated: [{ was: ESSAY, importance: [1, 3] }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['the importance of read chapter 5 put it in 5'],
    expect: { updated: [{ was: CH5, importance: 5 }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['change the name of the task calculator to buy scientific calculator'],
    expect: { updated: [{ was: CALC, title: /^buy (?:a )?scientific calculator$/i }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['the flashcards task, put him a note: use the colors for each step'],
    expect: { updated: [{ was: CARDS, notes: /colou?rs for each step/i }] },
    workspace: 'week',
    voice: ESL,
  },
  // Completes, un-completes, deletes
  {
    say: ['I already did the chapter 5 reading, mark as finish'],
    expect: { updated: [{ was: CH5, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['The calculator I bought it yesterday'],
    expect: { updated: [{ was: CALC, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I send the essay today to the teacher'],
    expect: { updated: [{ was: ESSAY, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Review lecture 1 notes already finish'],
    expect: { updated: [{ was: LECT, done: true }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Mark the return of library books like not done, I still have one book in my house'],
    expect: { updated: [{ was: BOOKS, done: false }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["I didn't print still the slides, please put it again like pending"],
    expect: { updated: [{ was: SLIDES, done: false }] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['please delete the task of the calculator, I have one already'],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["quit the task of flashcards, I don't need"],
    expect: { deleted: [CARDS] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['delete the two tasks that are finished'],
    expect: { deleted: [BOOKS, SLIDES] },
    workspace: 'week',
    voice: ESL,
  },
  // Notes
  {
    say: [
      'do me a favor and write one note with name Enzymes: enzymes are proteins\nthey make faster the reactions',
    ],
    expect: {
      note: {
        title: /^Enzymes$/i,
        content: /enzymes are proteins[\s\S]*make faster the reactions/i,
      },
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['the exam plan note, change his name to Final exam plan'],
    expect: { note: { title: /^Final exam plan$/i }, notesGone: [/^Exam plan$/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['erase the note of mitochondria please'],
    expect: { notesGone: [/^Mitochondria$/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['add in the note exam plan: do old exams in sunday'],
    expect: { note: { title: /^Exam plan$/i, content: /do old exams/i } },
    workspace: 'week',
    voice: ESL,
  },
  // Memory
  {
    say: ['Please you remember that I am living in the residence Block C'],
    expect: { memory: /Block C/i },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Keep in your mind that my name is Olga'],
    expect: { memory: /Olga/ },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['forget the thing that I study better in the morning, is not true anymore'],
    expect: { forgotten: /study best in the morning/i },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Forget all about me, please, I want to start from zero'],
    expect: { memoryCleared: true },
    workspace: 'week',
    voice: ESL,
  },
  // Follow-ups and undo
  {
    say: ['add to study the vocabulary of german tomorrow', 'no, not tomorrow, in thursday'],
    expect: {
      created: [
        {
          title: /^study (?:the )?(?:vocabulary of german|german vocabulary)$/i,
          due: '2026-12-03',
        },
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['delete the task buy a calculator', 'oh no, I was wrong, return it back please'],
    expect: {},
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['add wash my car in saturday', 'put it more important please'],
    expect: {
      created: [{ title: /^wash my car$/i, due: '2026-12-05', importance: HIGH }],
    },
    workspace: 'week',
    voice: ESL,
  },
  // Questions
  {
    say: ['when I must give the essay?'],
    expect: { answer: [/8 Dec/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I have doubt, when is the read chapter 5 due?'],
    expect: { answer: [/3 Dec/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['which are the tasks for this week'],
    expect: { answer: [/Read chapter 5/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['what is the task more important what I have?'],
    expect: { answer: [/Essay on photosynthesis/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['how many tasks I have without to finish?'],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ["Is possible to see which tasks don't have date?"],
    expect: {
      answer: [
        /Buy a calculator/i,
        /Review lecture 1 notes/i,
        /Make flashcards for the Krebs cycle/i,
      ],
    },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['What you remember of me?'],
    expect: { answer: [/15 Dec/i, /morning/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['Say me what is in my note of mitochondria'],
    expect: { answer: [/cristae/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['In which part of the cell happens the Calvin cycle?'],
    expect: { answer: [/stroma/i] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['give me a resume of the lecture 2, I lost the class'],
    expect: { answer: [/glycolysis/i] },
    workspace: 'week',
    voice: ESL,
  },
  // Sums
  {
    say: ['how much is 15 percent of 80?'],
    expect: { answer: [/\b12\b/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['I read 25 pages for hour, the book have 340 pages, how many hours I need?'],
    expect: { answer: [/13\.6/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: [
      'I had 68 in the midterm that counts 40% and 80 in the final that counts 60%. Which is my note final?',
    ],
    expect: { answer: [/75\.2/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['how many days are between today and the 10 of january?'],
    expect: { answer: [/\b40\b/] },
    workspace: 'week',
    voice: ESL,
  },
  {
    say: ['make a sum: 17 multiplied with 23'],
    expect: { answer: [/\b391\b/] },
    workspace: 'week',
    voice: ESL,
  },
  // Chit-chat: nothing to do, no echo
  {
    say: ['I am very tired today, the classes were very heavy'],
    expect: { noEcho: true },
    workspace: 'week',
    voice: ESL,
  },
]

/** Very polite and indirect requests, news that implies an action, and two or three requests at once. */
const politeIndirectSeveral: readonly EvalCase[] = [
  // Polite and indirect, one request
  {
    say: ["Would you mind adding 'revise enzymes' for Thursday?"],
    expect: { created: [{ title: /^revise enzymes$/i, due: '2026-12-03' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I was wondering if you could possibly move my essay to Friday, if that's not too much trouble",
    ],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["It'd be great if you could remind me to email Professor Hale tomorrow"],
    expect: { created: [{ title: /^email (?:professor|prof\.?) hale$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "No rush at all, but whenever you get a chance, could you add 'tidy my notes'? Low priority.",
    ],
    expect: { created: [{ title: /^tidy my notes$/i, importance: LOW }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['I was hoping you might add a reminder to renew my bus pass by the end of the month'],
    expect: { created: [{ title: /^renew my bus pass$/i, due: '2026-12-31' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you mind terribly taking the due date off the essay? The deadline's been scrapped for now.",
    ],
    expect: { updated: [{ was: ESSAY, due: null }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["Mind popping a note on the essay task saying 'use the Hill reaction example'?"],
    expect: { updated: [{ was: ESSAY, notes: /Hill reaction/i }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'I hate to be a bother, but could the calculator task go? I borrowed one from my flatmate.',
    ],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "If it's no trouble, I'd love a note called Lab safety with:\ngoggles on at all times\nno food at the bench",
    ],
    expect: {
      note: {
        title: /^Lab safety$/i,
        content: /goggles on at all times[\s\S]*no food at the bench/i,
      },
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you kindly add to my exam plan note: past papers on sunday'],
    expect: { note: { title: /^Exam plan$/i, content: /past papers on sunday/i } },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I was wondering whether you could delete the Mitochondria note, I've copied it into my notebook",
    ],
    expect: { notesGone: [/^Mitochondria$/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'No worries if not, but could you jot this down under Osmosis:\nwater moves from high to low water potential\nthrough a partially permeable membrane',
    ],
    expect: {
      note: {
        title: /^Osmosis$/i,
        content: /high to low water potential[\s\S]*partially permeable membrane/i,
      },
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Would you be so kind as to remember that I am dyslexic?'],
    expect: { memory: /dyslexic/i },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I'd really appreciate it if you could forget what I said about studying in the morning"],
    expect: { forgotten: /morning/i },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I'd like to ask a small favour: could you forget everything you know about me, please?"],
    expect: { memoryCleared: true },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I'm so sorry to bother you, but I think I ticked off the library books one by accident, could you untick it?",
    ],
    expect: { updated: [{ was: BOOKS, done: false }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Would you kindly put the flashcards task at importance 4 and give it a due date of next tuesday?',
    ],
    expect: { updated: [{ was: CARDS, importance: 4, due: '2026-12-08' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Sorry, one more thing, could you remind me to return the lab key tomorrow?'],
    expect: { created: [{ title: /^return the lab key$/i, due: '2026-12-02' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Thank you so much for earlier! Could you also remind me to thank Dr Patel on friday?'],
    expect: { created: [{ title: /^thank dr\.? patel$/i, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I was wondering if you could move everything that's due this week to next monday"],
    expect: { updated: [{ was: CH5, due: '2026-12-07' }] },
    workspace: 'week',
    voice: POLITE,
  },
  // News that implies an action
  {
    say: ['the essay got pushed to monday'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-07' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['handed the essay in today 🎉'],
    expect: { updated: [{ was: ESSAY, done: true }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Finally got round to buying that calculator'],
    expect: { updated: [{ was: CALC, done: true }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['lecture 1 review is sorted, thanks!'],
    expect: { updated: [{ was: LECT, done: true }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['The reading for chapter 5 got bumped back a day'],
    expect: { updated: [{ was: CH5, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['the essay deadline got brought forward to friday, ugh'],
    expect: { updated: [{ was: ESSAY, due: '2026-12-04' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Just wanted to let you know I have not actually printed the slides yet'],
    expect: { updated: [{ was: SLIDES, done: false }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['dropped the calculator idea, my school lends them out'],
    expect: { deleted: [CALC] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Chapter 5 got taken off the syllabus, so no need to keep that task around'],
    expect: { deleted: [CH5] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Just a heads up, my exam got moved to the 18th of December'],
    expect: { memory: /18(?:th)? (?:of )?Dec/i, forgotten: /15 December/i },
    workspace: 'week',
    voice: POLITE,
  },
  // Several at once
  {
    say: [
      "Would it be possible to add 'book a study room' for Wednesday, and also make the flashcards a bit more important?",
    ],
    expect: {
      created: [{ title: /^book a study room$/i, due: '2026-12-02' }],
      updated: [{ was: CARDS, importance: [3, 5] }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you add buy printer ink, call the bank and pick up my gown, all for Friday?'],
    expect: {
      created: [
        { title: /^buy (?:some )?printer ink$/i, due: '2026-12-04' },
        { title: /^call the bank$/i, due: '2026-12-04' },
        { title: /^pick up my gown$/i, due: '2026-12-04' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Please mark chapter 5 as done, then push the essay back to next wednesday'],
    expect: {
      updated: [
        { was: CH5, done: true },
        { was: ESSAY, due: '2026-12-09' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "A few things if you don't mind:\nadd 'revise glycolysis' for saturday\nrename the exam plan note to Winter exams\nand remind me to call home on sunday",
    ],
    expect: {
      created: [
        { title: /^revise glycolysis$/i, due: '2026-12-05' },
        { title: /^call home$/i, due: '2026-12-06' },
      ],
      note: { title: /^Winter exams$/i },
      notesGone: [/^Exam plan$/i],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["the prof moved the chapter 5 reading to friday, and I've done the flashcards already"],
    expect: {
      updated: [
        { was: CH5, due: '2026-12-04' },
        { was: CARDS, done: true },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Could I trouble you to add two things: print my poster on thursday and collect the prints on friday',
    ],
    expect: {
      created: [
        { title: /^print my poster$/i, due: '2026-12-03' },
        { title: /^collect the prints$/i, due: '2026-12-04' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'It would be lovely if you could mark both the flashcards and the lecture 1 review as done',
    ],
    expect: {
      updated: [
        { was: CARDS, done: true },
        { was: LECT, done: true },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'I wonder if you could clear out the finished tasks, the list is getting a bit cluttered',
    ],
    expect: { deleted: [BOOKS, SLIDES] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Would it be too much to ask for the essay to be made top priority and moved to thursday?',
    ],
    expect: { updated: [{ was: ESSAY, importance: 5, due: '2026-12-03' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "If you have a sec, rename 'Buy a calculator' to 'Buy a graphing calculator' and make it due monday",
    ],
    expect: { updated: [{ was: CALC, title: /^buy a graphing calculator$/i, due: '2026-12-07' }] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['would you mind telling me my most important task and then marking it done?'],
    expect: { updated: [{ was: ESSAY, done: true }], answer: [/Essay on photosynthesis/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you mind adding 'revise photosynthesis' for monday, 'revise respiration' for tuesday and 'mock exam' for saturday?",
    ],
    expect: {
      created: [
        { title: /^revise photosynthesis$/i, due: '2026-12-07' },
        { title: /^revise respiration$/i, due: '2026-12-08' },
        { title: /^(?:(?:do|sit|take) (?:a |the )?)?mock exam$/i, due: '2026-12-05' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'could you add these please\n- buy highlighters\n- email my study group\n- book the library room for friday',
    ],
    expect: {
      created: [
        { title: /^buy (?:some )?highlighters$/i },
        { title: /^email my study group$/i },
        { title: /^book the library room$/i, due: '2026-12-04' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Could you add 'meet with my advisor' on the 10th, and also, if possible, remember that my advisor is Dr Lin?",
    ],
    expect: {
      created: [{ title: /^meet (?:with )?my advisor$/i, due: '2026-12-10' }],
      memory: /advisor is Dr\.? Lin/i,
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Quick favour: delete 'Review lecture 1 notes', then add 'review lecture 2 notes' for friday",
    ],
    expect: {
      deleted: [LECT],
      created: [{ title: /^review lecture 2 notes$/i, due: '2026-12-04' }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "if it isn't too much hassle, could you push the essay back two days and make chapter 5 high priority?",
    ],
    expect: {
      updated: [
        { was: ESSAY, due: '2026-12-10' },
        { was: CH5, importance: HIGH },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "The flashcards are done and dusted, and I've bought the calculator, so both can be ticked off",
    ],
    expect: {
      updated: [
        { was: CARDS, done: true },
        { was: CALC, done: true },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I'd appreciate it if the Exam plan note could be renamed to 'Finals plan', and then could you add 'check the exam room' on the 14th?",
    ],
    expect: {
      note: { title: /^Finals plan$/i },
      notesGone: [/^Exam plan$/i],
      created: [{ title: /^check the exam room$/i, due: '2026-12-14' }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'Could you be a dear and remind me to water the plants saturday, then text Sam on sunday, and finally buy stamps monday',
    ],
    expect: {
      created: [
        { title: /^water the plants$/i, due: '2026-12-05' },
        { title: /^text Sam$/i, due: '2026-12-06' },
        { title: /^buy (?:some )?stamps$/i, due: '2026-12-07' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "I've just finished reading chapter 5, so that's one off the list. Would you also mind moving the essay to Sunday?",
    ],
    expect: {
      updated: [
        { was: CH5, done: true },
        { was: ESSAY, due: '2026-12-06' },
      ],
    },
    workspace: 'week',
    voice: POLITE,
  },
  // Follow-ups and undo, politely
  {
    say: [
      "could you add 'submit the lab report' for thursday please",
      'thank you! and would you mind making that one high priority?',
    ],
    expect: {
      created: [{ title: /^submit the lab report$/i, due: '2026-12-03', importance: HIGH }],
    },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      'please push the essay to saturday',
      'oh sorry, could you undo that? I misread the email',
    ],
    expect: {},
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you mind adding 'pay the library fine' for friday?",
      'Actually, would you mind deleting that one after all? My friend paid it.',
    ],
    expect: {},
    workspace: 'week',
    voice: POLITE,
  },
  // Questions, asked indirectly
  {
    say: ["Sorry to ask again, but when's the essay actually due?"],
    expect: { answer: [/8 Dec/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I don't suppose you could tell me what's coming up this week?"],
    expect: { answer: [/Read chapter 5/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["Would you be able to tell me how many tasks I've got left?"],
    expect: { answer: [/\b5\b|\bfive\b/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you kindly let me know what you remember about me?'],
    expect: { answer: [/25 min/i, /15 Dec/i, /morning/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['I was just wondering, did I ever get round to printing the lecture slides?'],
    expect: { answer: [/\byes\b/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: [
      "Would you be kind enough to tell me when my next deadline is, and what's on my list without a date?",
    ],
    expect: { answer: [/Read chapter 5/i, /3 Dec/, /Buy a calculator/i] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Could you possibly give me the main points of lecture 1?'],
    expect: { answer: [/chloroplast|Calvin/i] },
    workspace: 'week',
    voice: POLITE,
  },
  // Sums, asked politely
  {
    say: [
      "Could you possibly work out what I'd need on the final (worth 40%) to get 70 overall if I have 62 so far?",
    ],
    expect: { answer: [/\b82\b/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["I'd be ever so grateful if you could work out 15% of 240"],
    expect: { answer: [/\b36\b/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["It'd help a lot if you told me how many days there are until the 15th"],
    expect: { answer: [/\b14\b/] },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['Would you mind working out the average of 72, 85 and 91 for me?'],
    expect: { answer: [/82\.67/] },
    workspace: 'week',
    voice: POLITE,
  },
  // Politeness with nothing to act on
  {
    say: ["Thanks so much, you've been really helpful today!"],
    expect: { noEcho: true },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ["Hope you're having a good day! Mine's been a bit rough, honestly"],
    expect: { noEcho: true },
    workspace: 'week',
    voice: POLITE,
  },
  {
    say: ['I was hoping you could maybe sort out my whole semester for me?'],
    expect: { noEcho: true },
    workspace: 'week',
    voice: POLITE,
  },
]

/** Round six, writer B: the cases by voice. */
export const ROUND_SIX_B: Readonly<Record<string, readonly EvalCase[]>> = {
  'English as a second language': secondLanguage,
  'polite, indirect, several at once': politeIndirectSeveral,
}
