import { z } from 'zod'
import { ActivityType } from '../constants/activities'
import { activityRowSchema } from './commands'

const activityTypes = Object.values(ActivityType) as number[]

/**
 * GET /activity/by-type: active activities of one type, newest first, a page at a time. With contactId the
 * contact's (and those combined into it); without, the ones the caller may see: reps their own, managers
 * their division's, executives all.
 */
export const activitiesByTypeQuerySchema = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((n) => activityTypes.includes(n), 'Unknown activity type')
    // The refinement is lost on the way to the OpenAPI document; the values it allows are not.
    .meta({ enum: activityTypes }),
  contactId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  first: z.coerce.number().int().min(0).default(0),
})
export type ActivitiesByTypeQuery = z.infer<typeof activitiesByTypeQuerySchema>

export const activitiesPageSchema = z.object({ rows: z.array(activityRowSchema), total: z.number() })
export type ActivitiesPage = z.infer<typeof activitiesPageSchema>
