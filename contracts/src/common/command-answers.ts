import { z } from 'zod'

/**
 * What commands answer (docs/api.md, "Reading your own writes"): the record acted on and the position of the last
 * event appended, which a client sends back as X-Min-Position (it is in the x-position header too; empty when the
 * command changed nothing).
 */
export const commandAnswerSchema = z.object({ id: z.string(), position: z.string() })
export type CommandAnswer = z.infer<typeof commandAnswerSchema>

/** A command that adds a record to a contact (an activity, a note, a red flag...): 201 with the new id. */
export const addedToContactAnswerSchema = commandAnswerSchema.extend({ contactId: z.string() })
export type AddedToContactAnswer = z.infer<typeof addedToContactAnswerSchema>

/** A command over many contacts: how many went through, and why each other one did not. */
export const bulkAnswerSchema = z.object({
  done: z.number().int(),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
  position: z.string(),
})
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>
