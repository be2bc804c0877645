/** What the read tools answered in this turn: search hits and documents read, from the tool messages. */

import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import { fileTitle } from '../../vocabulary/fileTitle.ts'
import { asRecord, textField } from './plannerFields.ts'
import { readToolResult } from './plannerResults.ts'

/** A place a search found: a notebook source (by path) or a saved note (by name). */
export interface Hit {
  kind: 'source' | 'note'
  ref: string
  title: string
}

/** A document read in full. */
export interface ReadDocument {
  /** What a student calls it: a note's title, a source's file as words ("Lecture 2"). */
  name: string
  content: string
  kind: 'source' | 'note'
}

/** What the read tools have answered since the user's message. */
export interface Lookups {
  searches: number
  queries: string[]
  hits: Hit[]
  documents: ReadDocument[]
}

/** Reads the search and read results among `sinceUser`. */
export function lookupsSince(sinceUser: readonly ChatMessage[]): Lookups {
  const found: Lookups = { searches: 0, queries: [], hits: [], documents: [] }
  for (const message of sinceUser) {
    if (message.role !== 'tool') continue
    const result = readToolResult(message.content)
    const data = result.kind === 'ok' ? asRecord(result.data) : undefined
    if (message.name === 'search_workspace') {
      found.searches += 1
      const query = textField(data, 'query')
      if (query) found.queries.push(query)
      const matches = Array.isArray(data?.matches) ? data.matches : []
      for (const match of matches) addHit(found.hits, asRecord(match))
    } else if (message.name === 'read_source' || message.name === 'read_artifact') {
      const content = typeof data?.content === 'string' ? data.content : undefined
      const field = textField(data, message.name === 'read_source' ? 'path' : 'title')
      const kind = message.name === 'read_source' ? 'source' : 'note'
      // A student reads a source by its title ("Lecture 2"), never by its file ("lecture-2.md").
      const name = field !== undefined && kind === 'source' ? fileTitle(field) : field
      if (content !== undefined && name !== undefined) found.documents.push({ name, content, kind })
    }
  }
  return found
}

function addHit(hits: Hit[], match: Record<string, unknown> | undefined): void {
  const kind = textField(match, 'kind')
  const ref = textField(match, 'ref')
  if ((kind !== 'source' && kind !== 'note') || ref === undefined) return
  if (hits.some((hit) => hit.kind === kind && hit.ref === ref)) return
  hits.push({ kind, ref, title: textField(match, 'title') ?? ref })
}
