import { useEffect, useRef, useState } from 'react'
import type { JsonSchema } from '../../models/messages.ts'
import type { ConfirmationRequest } from '../core/ConfirmationRequest.ts'
import { offersEdit } from '../core/editFields.ts'

/** Loads a card's edit form: the tool's JSON Schema, or undefined when it has none. */
export type SchemaLoader = (request: ConfirmationRequest) => Promise<JsonSchema | undefined>

/** Whether a card offers Edit, and the loader its form then uses (the same answer, not asked again). */
export interface EditSchema {
  /** False while the schema is still being asked, so no Edit appears only to vanish. */
  offers: boolean
  loadSchema: SchemaLoader | undefined
}

interface Answer {
  confirmationId: string
  schema: Promise<JsonSchema | undefined>
  offers: boolean
}

/**
 * Asks a live card's edit form once, when the card is drawn: a card whose form has nothing a
 * person may change (a delete, an undo) shows no Edit at all. Without a loader, Edit edits JSON.
 */
export function useEditSchema(
  request: ConfirmationRequest,
  loadSchema: SchemaLoader | undefined,
  wanted: boolean,
): EditSchema {
  const { confirmationId } = request
  const [answer, setAnswer] = useState<Answer | undefined>(undefined)
  // The chat re-renders with every event, handing a new function each time: asked once per card.
  const load = useRef(loadSchema)
  load.current = loadSchema
  const shown = useRef(request)
  shown.current = request
  useEffect(() => {
    if (!wanted || load.current === undefined || confirmationId === '') return
    let live = true
    const schema = load.current(shown.current)
    schema.then(
      (found) => live && setAnswer({ confirmationId, schema, offers: offersEdit(found) }),
      // No form to be had: Edit still offers the arguments as JSON.
      () => live && setAnswer({ confirmationId, schema, offers: true }),
    )
    return () => {
      live = false
    }
  }, [confirmationId, wanted])
  if (loadSchema === undefined) return { offers: true, loadSchema: undefined }
  if (answer?.confirmationId !== confirmationId) return { offers: false, loadSchema }
  return { offers: answer.offers, loadSchema: () => answer.schema }
}
