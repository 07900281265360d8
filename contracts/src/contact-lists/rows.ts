import { z } from 'zod'
import { contactListRowSchema } from '../contacts/queries'

/**
 * One row of a contact list (docs/product.md section 2, contacts table): the contacts list row plus the conditional
 * columns (Imported, Status, Current Balance, Days Late, Last Collection Activity) and what the web needs to
 * decide whether a row may be selected.
 */
export const contactSearchRowSchema = contactListRowSchema.extend({
  currentBalance: z.number().nullable(),
  daysLate: z.number().nullable(),
  lastCollectionActivity: z.string().nullable(),
  /** True when the assigned user is on the viewer's team (the viewer or someone of the viewer's division). */
  assignedToMyTeam: z.boolean(),
  distanceMiles: z.number().nullable(),
})
export type ContactSearchRow = z.infer<typeof contactSearchRowSchema>

/** Options for async selects (docs/product.md section 9: pages of 50). */
export const selectOptionSchema = z.object({ value: z.string(), label: z.string() })
export const selectPageSchema = z.object({ options: z.array(selectOptionSchema), hasMore: z.boolean() })
export type SelectPage = z.infer<typeof selectPageSchema>
