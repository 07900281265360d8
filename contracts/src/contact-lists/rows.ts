import { z } from 'zod'

/**
 * One row of the contacts table (docs/product.md section 2), as GET /contacts, every contact list and Advanced
 * Search answer it: the columns every list shows, the conditional ones (Imported, Status, Current Balance, Days
 * Late, Last Collection Activity) and what the web needs to decide whether a row may be selected.
 */
export const contactSearchRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationTypeId: z.number().nullable(),
  dotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  state: z.string().nullable(),
  numberOfTrucks: z.number().nullable(),
  ownerName: z.string().nullable(),
  preferredLanguage: z.string().nullable(),
  companyTypeId: z.number().nullable(),
  businessPhone: z.string().nullable(),
  lastContactDate: z.string().nullable(),
  lastMeetingDate: z.string().nullable(),
  importDate: z.string().nullable(),
  openedFlags: z.number(),
  divisionId: z.number(),
  statusId: z.number(),
  assigned: z.string().nullable(),
  assignedName: z.string().nullable(),
  createdAt: z.string(),
  /** Possible duplicates (the related_entities window), counted for the rows of the page; 51 means over 50. */
  relatedEntities: z.number().int().default(0),
  currentBalance: z.number().nullable(),
  daysLate: z.number().nullable(),
  lastCollectionActivity: z.string().nullable(),
  /** True when the assigned user is on the viewer's team (the viewer or someone of the viewer's division). */
  assignedToMyTeam: z.boolean(),
  distanceMiles: z.number().nullable(),
  /** The day each logistics toggle was switched on, null while off (the toggle lists' Since column). */
  rfpDate: z.string().nullable(),
  mfpDate: z.string().nullable(),
  creditAppDate: z.string().nullable(),
  onlineFormDate: z.string().nullable(),
})
export type ContactSearchRow = z.infer<typeof contactSearchRowSchema>

/** Options for async selects (docs/product.md section 9: pages of 50). */
export const selectOptionSchema = z.object({ value: z.string(), label: z.string() })
export const selectPageSchema = z.object({ options: z.array(selectOptionSchema), hasMore: z.boolean() })
export type SelectPage = z.infer<typeof selectPageSchema>
