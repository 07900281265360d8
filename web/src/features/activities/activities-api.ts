import type { z } from 'zod'
import type { editActivitySchema, setActivityInactiveSchema } from '@crm/contracts'
import { api } from '../../lib/api'

const id = encodeURIComponent

/** The commands on one activity of a contact's timeline, typed by the contracts' schemas. */
export const activityCommands = {
  edit: (activityId: string, body: z.input<typeof editActivitySchema>) =>
    api.patch(`/activity/${id(activityId)}`, body),
  setInactive: (activityId: string, body: z.input<typeof setActivityInactiveSchema>) =>
    api.patch(`/activity/set-inactive/${id(activityId)}`, body),
}
