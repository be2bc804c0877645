/**
 * The round-six phrasings (tuningRoundSixA.ts, tuningRoundSixB.ts) the planner still does not read,
 * by voice, after round seven: texting and dictation 63/67; questions and follow-ups 56/67; English
 * as a second language 57/72; polite, indirect, several at once 53/67. After round eight: 63/67,
 * 62/67, 57/72, 53/67.
 */
export const ROUND_SIX_MISSES: Readonly<Record<string, readonly string[]>> = {
  'texting and dictation': [
    'the essay is like not that urgent anymore can you make it low priority and move it to Monday',
    'forget the thing about my exam being on the fifteenth',
    "so I actually didn't print the slides yet can you untick that",
    'remind me to like collect my lab results on Friday at um two no three',
  ],
  'questions and follow-ups': [
    'remember that my tutor is Dr Okafor → actually forget that',
    'add buy stamps tomorrow → also add post the parcel thursday → delete the first one',
    'add a task to revise hormones on monday → change the title to revise plant hormones',
    'add make a revision timetable tonight → what did i just add?',
    'move the essay to thursday → actually put it back',
  ],
  'English as a second language': [
    'please make the homework of maths for tomorrow',
    'help me add one task, tomorrow go library borrow book',
    'Friday until the lab report finish must, please add',
    'change the importance of flashcards to more high, is important for me',
    'can you to put the essay with less importance? is not so urgent now',
    'the importance of read chapter 5 put it in 5',
    'the flashcards task, put him a note: use the colors for each step',
    'forget the thing that I study better in the morning, is not true anymore',
    'Forget all about me, please, I want to start from zero',
    'add to study the vocabulary of german tomorrow → no, not tomorrow, in thursday',
    'delete the task buy a calculator → oh no, I was wrong, return it back please',
    'what is the task more important what I have?',
    'Say me what is in my note of mitochondria',
    'I read 25 pages for hour, the book have 340 pages, how many hours I need?',
    'how many days are between today and the 10 of january?',
  ],
  'polite, indirect, several at once': [
    "Mind popping a note on the essay task saying 'use the Hill reaction example'?",
    "I'm so sorry to bother you, but I think I ticked off the library books one by accident, could you untick it?",
    'Would you kindly put the flashcards task at importance 4 and give it a due date of next tuesday?',
    "I was wondering if you could move everything that's due this week to next monday",
    'Just a heads up, my exam got moved to the 18th of December',
    "Would it be possible to add 'book a study room' for Wednesday, and also make the flashcards a bit more important?",
    "the prof moved the chapter 5 reading to friday, and I've done the flashcards already",
    'Would it be too much to ask for the essay to be made top priority and moved to thursday?',
    "if it isn't too much hassle, could you push the essay back two days and make chapter 5 high priority?",
    "The flashcards are done and dusted, and I've bought the calculator, so both can be ticked off",
    "I'd appreciate it if the Exam plan note could be renamed to 'Finals plan', and then could you add 'check the exam room' on the 14th?",
    "I've just finished reading chapter 5, so that's one off the list. Would you also mind moving the essay to Sunday?",
    "Would you mind adding 'pay the library fine' for friday? → Actually, would you mind deleting that one after all? My friend paid it.",
    "It'd help a lot if you told me how many days there are until the 15th",
  ],
}
