import { z } from 'zod'

/** Metadata carried by every event (docs/architecture.md, write side). */
export const eventMetadataSchema = z.object({
  commandId: z.string(),
  userId: z.string().nullable(),
  divisionId: z.number().int().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
  /** Sign in as: the administrator at the keyboard while `userId` was signed in (absent otherwise). */
  signedInBy: z.string().nullable().optional(),
  /** Where the command came from: the caller's network address as the API saw it (absent for jobs). */
  clientAddress: z.string().nullable().optional(),
  /**
   * The HTTP request that wrote the event: the id its log lines carry (`reqId`), so one id follows a write from
   * the click through the command API's log to the projector's (absent for jobs and older events; decision 053).
   */
  requestId: z.string().optional(),
})
export type EventMetadata = z.infer<typeof eventMetadataSchema>
