import { cleanPhrase } from './plannerText.ts'

/** Something the user wants StudyPulse to forget, in their words, found once the memory list is back. */
export interface MemoryForget {
  kind: 'forget_memory'
  target: string
  /** Everything remembered goes ("forget everything you know about me"): one card per entry. */
  all?: true
}

const LIST_MEMORY = [
  /^what\s+(?:do|did|else\s+do)\s+you\s+(?:remember|know|recall|have\s+saved)(?:\s+about\s+me)?$/i,
  /^what\s+do\s+you\s+(?:remember|know|recall)\s+about\s+(?:me|my\s+.+)$/i,
  /^what\s+have\s+you\s+(?:remembered|learned|learnt|saved|kept|noted)(?:\s+about\s+me)?$/i,
  /^(?:show|list|see|view|display|tell|give)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:my|your|the)?\s*(?:memory|memories|saved\s+facts|facts\s+about\s+me|what\s+you\s+(?:remember|know)(?:\s+about\s+me)?)$/i,
  /^(?:do\s+you\s+remember\s+anything|what's\s+in\s+(?:your\s+)?memory|what\s+is\s+in\s+(?:your\s+)?memory)(?:\s+about\s+me)?$/i,
  /^(?:my\s+)?memor(?:y|ies)$/i,
]

// "forget everything you know about me", "wipe all my memories", "clear your memory".
const FORGET_ALL =
  /^(?:you\s+(?:can|may|should)\s+)?(?:forget|wipe|clear|erase|delete|remove|reset|empty|purge)\s+(?:out\s+)?(?:everything|all|(?:your|my|the)\s+(?:whole\s+|entire\s+)?memor(?:y|ies))(?:\s+(?:of|that|what|the|things?|stuff|my|your|you|know|knew|remember|have|saved|about|me|memor(?:y|ies)|facts?|info(?:rmation)?|pls|please|now|completely|entirely|already))*$/i
const NOT_MEMORY = /\b(?:tasks?|to-?dos?|notes?|list|homework|deadlines?|files?|sources?)\b/i
const FORGET = [
  /^(?:you\s+)?(?:don'?t|do\s+not|no\s+longer|needn'?t)\s+(?:need\s+to\s+|have\s+to\s+)?remember\s+(?:that\s+|about\s+)?(.+?)(?:\s+any\s*more|\s+now)?$/i,
  /^(?:you\s+(?:can|may|should)\s+)?(?:forget|stop\s+remembering|unlearn|no\s+longer\s+remember)\s+(?:that\s+|about\s+|the\s+fact\s+that\s+)?(.+)$/i,
  /^(?:delete|remove|erase|clear|drop)\s+(?:the\s+|my\s+|that\s+)?(?:memory|memories|fact|thing\s+you\s+remember)\s+(?:about|that|of|saying|on)?\s*(.+)$/i,
  /^(?:delete|remove|erase|clear|drop)\s+(?:from\s+(?:your\s+)?memory\s+)(?:that\s+)?(.+)$/i,
]

/** "what do you remember about me?" and the like. */
export function parseListMemory(clause: string): { kind: 'list_memory' } | undefined {
  return LIST_MEMORY.some((pattern) => pattern.test(clause)) ? { kind: 'list_memory' } : undefined
}

/** "forget that I study in the morning", "delete the memory about my exam", "forget everything". */
export function parseForget(clause: string): MemoryForget | undefined {
  if (FORGET_ALL.test(clause) && !NOT_MEMORY.test(clause))
    return { kind: 'forget_memory', target: '', all: true }
  for (const pattern of FORGET) {
    const target = cleanPhrase(pattern.exec(clause)?.[1] ?? '').replace(
      /^(?:the\s+)?(?:thing|bit|part|stuff|fact|one)\s+(?:about|that|on)\s+/i,
      '',
    )
    if (target !== '' && !/^(?:it|that|this|everything|all)$/i.test(target)) {
      return { kind: 'forget_memory', target }
    }
  }
  return undefined
}
