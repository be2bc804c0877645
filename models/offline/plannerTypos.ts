/** Common misspellings of the words the planner listens for, fixed before a message is read. */

import { fixNearWords } from './plannerFuzzy.ts'

const FIXES: ReadonlyMap<string, string> = new Map([
  ['waht', 'what'],
  ['wat', 'what'],
  ['whta', 'what'],
  ['wht', 'what'],
  ['whats', "what's"],
  ['wich', 'which'],
  ['whihc', 'which'],
  ['taks', 'tasks'],
  ['tsks', 'tasks'],
  ['tasls', 'tasks'],
  ['taskes', 'tasks'],
  ['tsk', 'task'],
  ['tomorow', 'tomorrow'],
  ['tommorow', 'tomorrow'],
  ['tommorrow', 'tomorrow'],
  ['tomorro', 'tomorrow'],
  ['tmr', 'tomorrow'],
  ['toady', 'today'],
  ['tday', 'today'],
  ['wek', 'week'],
  ['weeek', 'week'],
  ['remeber', 'remember'],
  ['rember', 'remember'],
  ['remembr', 'remember'],
  ['rmember', 'remember'],
  ['forgt', 'forget'],
  ['foget', 'forget'],
  ['forgett', 'forget'],
  ['delet', 'delete'],
  ['dlete', 'delete'],
  ['deleet', 'delete'],
  ['doen', 'done'],
  ['donee', 'done'],
  ['makr', 'mark'],
  ['mrak', 'mark'],
  ['shwo', 'show'],
  ['lsit', 'list'],
  ['serach', 'search'],
  ['seach', 'search'],
  ['saerch', 'search'],
  ['searh', 'search'],
  ['noet', 'note'],
  ['noets', 'notes'],
  ['ntoes', 'notes'],
  ['remnid', 'remind'],
  ['importnace', 'importance'],
  ['improtance', 'importance'],
  ['priorty', 'priority'],
  ['prioirty', 'priority'],
  ['moev', 'move'],
  ['firday', 'friday'],
  ['fridya', 'friday'],
  ['monady', 'monday'],
  ['plese', 'please'],
  ['tmrw', 'tomorrow'],
  ['tmrow', 'tomorrow'],
  ['u', 'you'],
  ['del', 'delete'],
  ['nxt', 'next'],
  ['abt', 'about'],
  ['ad', 'add'],
])

/** `text` with each known misspelt word replaced (its case kept when it starts with a capital). */
export function fixTypos(text: string): string {
  return fixNearWords(fixKnown(text))
}

function fixKnown(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) => {
    const fixed = FIXES.get(word.toLowerCase())
    if (fixed === undefined) return word
    return word[0] === word[0]?.toUpperCase() ? fixed[0]?.toUpperCase() + fixed.slice(1) : fixed
  })
}
