import { visibleText } from '../../vocabulary/visibleText.ts'
import type { ConfirmationRequest } from './ConfirmationRequest.ts'

// Notices that say allowing would write nothing (undone already, no such record).
const nothingNotices = new Set(['already_undone', 'target_missing'])

/**
 * Why a card has nothing to allow, from its description's notice, or undefined when allowing would
 * do something. Such a card offers only Dismiss (on the page and in the terminal), and says why.
 */
export function nothingToDo(request: Pick<ConfirmationRequest, 'description'>): string | undefined {
  const notice = request.description?.notice
  return notice !== undefined && nothingNotices.has(notice.code)
    ? visibleText(notice.text, 'mark')
    : undefined
}
