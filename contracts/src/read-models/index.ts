import { z } from 'zod'

export * from './names'

/**
 * Read models as an administrator runs them (docs/decisions/032): every rebuild request is an event of one
 * stream, so who asked for which rebuild and when is in the audit like any other change.
 */
export const READ_MODEL_REBUILDS_STREAM = 'read-model-rebuilds'

export type ReadModelRebuildRequested = {
  type: 'ReadModelRebuildRequested'
  data: { name: string }
}

export const readModelNameParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(63)
    .regex(/^[a-z][a-z0-9_]*$/, 'Not a read model name'),
})

export const rebuildStates = ['requested', 'running', 'done', 'failed', 'skipped'] as const

/** The last rebuild of one read model, as the projector reports it. */
export const readModelRebuildSchema = z.object({
  name: z.string(),
  state: z.enum(rebuildStates),
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Events the fresh copy has applied so far. */
  eventsApplied: z.number(),
  error: z.string().nullable(),
})
export type ReadModelRebuild = z.infer<typeof readModelRebuildSchema>

export const readModelMessages = {
  stillBuilding: 'This read model is still being built; it is served once it has caught up.',
} as const

export const rebuildRequestedSchema = z.object({ name: z.string(), requested: z.literal(true) })
