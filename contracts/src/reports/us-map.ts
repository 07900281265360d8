import { z } from 'zod'
import { usStates } from '../constants/us-states'
import { drillPageQuery } from './sales-metrics'

/**
 * The US map (GET /map-of-states/*): contacts per state for a status, a division and a user, states by the
 * lookup ids 2-52 (31 = Washington DC, docs/product.md 3); a state opens its contacts (us_map_contacts).
 */
const stateIds = usStates.map((s) => s.id)

export const usMapQuerySchema = z.object({
  /** A contact status 1-8; none: every status. */
  statusId: z.coerce.number().int().min(1).max(8).optional(),
  divisionId: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  /** The assigned user; none: everyone the viewer reads. */
  userId: z.uuid().optional(),
})
export type UsMapQuery = z.infer<typeof usMapQuerySchema>

export const usMapSchema = z.object({
  divisionId: z.number(),
  /** Every state of the lookup, zeros included, in id order. */
  states: z.array(z.object({ stateId: z.number(), code: z.string(), name: z.string(), count: z.number() })),
  /** Contacts without a state of the lookup (none given, or outside the US). */
  unknown: z.number(),
  total: z.number(),
})
export type UsMap = z.infer<typeof usMapSchema>

export const usMapContactsQuerySchema = usMapQuerySchema.extend({
  stateId: z.coerce
    .number()
    .int()
    .refine((id) => stateIds.includes(id as (typeof stateIds)[number]), 'Unknown state'),
  ...drillPageQuery,
})
export type UsMapContactsQuery = z.infer<typeof usMapContactsQuerySchema>
