/**
 * The round-seven phrasings (tuningRoundSevenA.ts, tuningRoundSevenB.ts, written blind by two other
 * hands) the planner still does not read, by voice. When written (before any change for them):
 * questions and follow-ups 19/61, dictated speech 11/29, polite/indirect/several at once 16/64,
 * English as a second language 11/27. After round seven: 28/61, 22/29, 31/64, 16/27. After round
 * eight: questions and follow-ups 53/61; dictated speech 25/29; polite, indirect, several at once
 * 37/64; English as a second language 17/27.
 */
export const ROUND_SEVEN_MISSES: Readonly<Record<string, readonly string[]>> = {
  'questions and follow-ups': [
    'I should like to know how many of my tasks are due in December.',
    'Please could you summarise my week for me: what is due, and what I have already done?',
    'how much of my list have i actually done, like as a %',
    'Please could you tell me what is in my note on mitochondria? I cannot recall what I wrote.',
    'What is the difference in days between my essay deadline and my exam?',
    'tick off read chapter 5 → whats left due this week then',
    'How many tasks have I finished? → Which ones were they?',
    'do u remember how long my study sessions r → change that to 45 mins',
  ],
  'dictated speech': [
    'okay so um add a new task uh no wait make that two tasks comma read chapter six by wednesday and finish the lab report by next monday full stop',
    'take a note called ward placement comma bring fob watch comma black shoes comma and my name badge full stop',
    'add a task to uh to call the the clinic no the dental clinic on thursday',
    'add a note two the essay task saying use at least ten references full stop',
  ],
  'polite, indirect, several at once': [
    "Could I trouble you to bump the Krebs cycle flashcards up to importance 4, please? It's rather more pressing than I'd thought.",
    "Perhaps you could add 'proofread chapter two' for this Friday, and make it a fairly high priority? Thank you kindly.",
    "Hello! I hope you're well. I was hoping you could pop 'seminar reading: Lane 2005' on my list for Wednesday week.",
    "Apologies for the faff, but the essay ought really to be importance 3 rather than 4. It's only formative, as it happens.",
    "Ever so sorry, I believe there's a task about buying a calculator. Could you add to its notes that it has to be a Casio fx-991, as the exam board is rather fussy?",
    "Right, I'd quite like everything due this week marked as finished, if that's alright. I've had a rather productive few days.",
    'Might you possibly tell me what I jotted down about mitochondria?',
    "I'd be much obliged if you could set the Krebs flashcards to be due the day before my exam.",
    'ok so: add revise glycolysis for thurs, add past paper 2019 for saturday, and mark the calculator as bought',
    'can you add these:\n1. lab report - friday\n2. read chapter 6 - monday\n3. email tutor about extension - tomorrow',
    'finished chapter 5 and then did the krebs flashcards too, tick them both off pls',
    'add stats problem set due wed. oh and also remind me to buy printer ink, no date for that one',
    'things for this week\nphysics quiz prep thursday\nlaundry saturday lol\ncall mum sunday',
    '- move ch 5 reading to friday\n- essay to wednesday 9th\n- lecture 1 notes review by sunday',
    "note called 'Krebs facts':\nacetyl-CoA joins oxaloacetate\n2 turns per glucose\nmakes NADH and FADH2\nand then add a task to learn it by friday",
    "3 things: 1) calculator's done 2) essay's now due the 11th 3) what's left after that?",
    "add 'group meeting prep' for thursday and 'submit ethics form' for friday, both pretty important",
    'oh and also can you delete the mitochondria note, i merged it into my main notes. and forget that i study best in the morning',
    "could u add 'dissertation proposal' for 4 jan and also 'ethics training' for end of the week, then tell me how many that makes",
    'whenever u get a sec: chapter 5 -> done, calculator -> gone, essay -> importance 5',
    "that calculator thing isn't happening any more, i'm borrowing my flatmate's",
    'my exam moved to the 17th btw',
    'lecture 1 notes need looking at by monday',
    "I still need to get a lab coat before friday's practical",
    "can you add 'bio practical write-up' for next monday, and what else have i got before then?",
    'delete the flashcards task, and remind me, when is my exam?',
    "could you add 'chem revision' for friday please → actually sorry, saturday would be better",
  ],
  'English as a second language': [
    'Hello, I need to do the homework of chemistry for tomorrow, can you put it please',
    'the exam of the 15 is very important so put the flashcards of Krebs with more importance, a 5',
    'Can you add me a task for study the Calvin cycle? → For the friday please, I forget to say',
    'Please help me add task: prepare presentation, Friday.',
    'Please save note, name is Calvin cycle, content: RuBisCO fix CO2, make G3P',
    'I want you write in the note of mitochondria that they are make the ATP',
    'Please add one task for revising Krebs cycle, it is very much important, day after tomorrow',
    'I have completed the lecture 1 notes revision only, please mark it',
    'Please remember my exam is preponed to 11 December',
    "Add task 'submit lab file' on Monday and also 'viva preparation' before exam",
  ],
}
