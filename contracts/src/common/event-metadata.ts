import { z } from 'zod'

/** Metadata carried by every event (docs/architecture.md, write side). */
export const eventMetadataSchema = z.object({
  commandId: z.string(),
  userId: z.string().nullable(),
  divisionId: z.number().int().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
})
export type EventMetadata = z.infer<typeof eventMetadataSchema>
