/** Names the held-out cases share (split out unchanged from heldout.ts, to keep files short). */

export const HIGH = [4, 5] as const
export const LOW = [1, 2] as const
export const ESSAY = 'Essay on photosynthesis'
export const CH5 = 'Read chapter 5'
export const CALC = 'Buy a calculator'
export const CARDS = 'Make flashcards for the Krebs cycle'
export const LECT = 'Review lecture 1 notes'
/** Done already, in the `week` workspace of the second held-out set. */
export const BOOKS = 'Return library books'
/** Done already, in the `week` workspace of the second held-out set. */
export const SLIDES = 'Print lecture slides'
