import { z } from 'zod'
import { contactListMessages } from '../contact-lists/messages'

const text = (max = 200) => z.coerce.string().trim().max(max)
const id = z.coerce.number().int().positive()
const count = z.coerce.number().int().min(0).max(10_000_000)
const day = z.iso.date()

/**
 * The dealers filter card (docs/product.md 3, "Dealer"), flat so it fits the list query's `filter` record and so
 * the URL. Texts match by "contains"; ranges are `<field>From` / `<field>To`.
 */
export const dealerFilterShape = {
  name: text(),
  businessPhone: text(30),
  addressZip: text(10),
  organizationTypeId: id,
  dotNumber: text(20),
  mcNumber: text(20),
  addressState: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use a two-letter state'),
  numberOfTrucksFrom: count,
  numberOfTrucksTo: count,
  ownerName: text(),
  nationalityId: id,
  companyTypeId: id,
  email: text(254),
  lastContactDateFrom: day,
  lastContactDateTo: day,
  lastMeetingDateFrom: day,
  lastMeetingDateTo: day,
}
export const dealerFilterSchema = z.object(dealerFilterShape).partial().strict()
export type DealerFilter = z.infer<typeof dealerFilterSchema>
export type DealerFilterField = keyof typeof dealerFilterShape

/** Rules between fields, shared by the card and the API: 'to' is not below 'from'. */
export function checkDealerFilter(filter: DealerFilter): Partial<Record<DealerFilterField, string>> {
  const errors: Partial<Record<DealerFilterField, string>> = {}
  const { numberOfTrucksFrom: from, numberOfTrucksTo: to } = filter
  if (from !== undefined && to !== undefined && to < from)
    errors.numberOfTrucksTo = contactListMessages.trucksToBelowFrom
  const ranges = [
    ['lastContactDateFrom', 'lastContactDateTo'],
    ['lastMeetingDateFrom', 'lastMeetingDateTo'],
  ] as const
  for (const [start, end] of ranges) {
    const [a, b] = [filter[start], filter[end]]
    if (a && b && b < a) errors[end] = 'Invalid Date Range'
  }
  return errors
}

/** Sortable columns of the dealers table. */
export const dealerSortFields = [
  'name',
  'businessPhone',
  'state',
  'numberOfTrucks',
  'ownerName',
  'lastContactDate',
  'lastMeetingDate',
] as const
export type DealerSortField = (typeof dealerSortFields)[number]

/** One row of the dealers table. */
export const dealerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactCategory: z.number().nullable(),
  businessPhone: z.string().nullable(),
  email: z.string().nullable(),
  ownerName: z.string().nullable(),
  organizationTypeId: z.number().nullable(),
  companyTypeId: z.number().nullable(),
  nationalityId: z.number().nullable(),
  dotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  numberOfTrucks: z.number().nullable(),
  lastContactDate: z.string().nullable(),
  lastMeetingDate: z.string().nullable(),
  assignedName: z.string().nullable(),
})
export type DealerRow = z.infer<typeof dealerRowSchema>
