import { z } from 'zod'
import { EXECUTIVE_DIVISION_ID } from '../constants/contact-enums'
import { contactListMessages as m } from './messages'

/** Distance ranges from a zip code, in miles (docs/product.md section 9). */
export const distanceRanges = ['0-5', '0-10', '0-15', '0-20', '0-25', '0-50', '0-100', '100+'] as const
export type DistanceRange = (typeof distanceRanges)[number]
export function distanceBounds(range: DistanceRange): { min: number; max: number | null } {
  if (range === '100+') return { min: 100, max: null }
  return { min: 0, max: Number(range.split('-')[1]) }
}

/** Included 1 / Not Included 2; Yes 1 / No 2 (docs/product.md section 3). */
export const IncludedChoice = { Included: 1, NotIncluded: 2 } as const
export const YesNo = { Yes: 1, No: 2 } as const

const text = (max = 200) => z.coerce.string().trim().max(max)
const id = z.coerce.number().int().positive()
const count = z.coerce.number().int().min(0).max(10_000_000)
const money = z.coerce.number().min(0).max(1e12)
const day = z.iso.date()
const oneOrTwo = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]))

/**
 * Every Advanced Search field (docs/product.md section 3, contacts category 42), flat so it fits the list query's
 * `filter` record and therefore the URL. Ranges are `<field>From` / `<field>To`; lists of values are
 * comma-separated. The table's own filters (name, statusId, state, dotNumber, mcNumber) are among them.
 */
export const contactFilterShape = {
  name: text(),
  dba: text(),
  mcNumber: text(20),
  dotNumber: text(20),
  organizationTypeId: id,
  companyTypeId: id,
  creationDateFrom: day,
  creationDateTo: day,
  importDateFrom: day,
  importDateTo: day,
  sourceId: id,
  numberOfTrucksFrom: count,
  numberOfTrucksTo: count,
  estimatedRevenueFrom: money,
  estimatedRevenueTo: money,
  effortLevel: id,
  grade: id,
  operatingStatus: text(40),
  city: text(100),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}(,[A-Z]{2})*$/, 'Use two-letter states, comma-separated'),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Use a five-digit zip code'),
  distance: z.enum(distanceRanges),
  salesperson: z.uuid(),
  lastContactDateFrom: day,
  lastContactDateTo: day,
  redFlag: oneOrTwo,
  divisionAccounts: id,
  divisionLeads: id,
  isExYu: oneOrTwo,
  divisionId: id,
  statusId: id,
  assigned: z.union([z.uuid(), z.literal('unassigned')]),
}
export const contactFilterSchema = z.object(contactFilterShape).partial().strict()
export type ContactFilter = z.infer<typeof contactFilterSchema>
export type ContactFilterField = keyof typeof contactFilterShape
export const contactFilterFields = Object.keys(contactFilterShape) as ContactFilterField[]

/**
 * The rules between fields (docs/product.md section 5), shared by the form and the API so both say the same thing.
 * Returns field → message; empty when the filter is fine.
 */
export function checkContactFilter(
  filter: ContactFilter,
  // A list of one division (New Leads, Accounts...) implies the division; Advanced Search does not.
  { divisionImplied = false }: { divisionImplied?: boolean } = {},
): Partial<Record<ContactFilterField, string>> {
  const errors: Partial<Record<ContactFilterField, string>> = {}
  for (const field of ['statusId', 'assigned', 'grade', 'effortLevel'] as const) {
    if (filter[field] !== undefined && filter.divisionId === undefined && !divisionImplied) {
      errors.divisionId = m.divisionRequired
    }
  }
  if (filter.distance !== undefined && filter.zip === undefined) errors.zip = m.zipRequired
  if (filter.zip !== undefined && filter.distance === undefined) errors.distance = m.radiusRequired
  const { numberOfTrucksFrom: from, numberOfTrucksTo: to } = filter
  if (from !== undefined && to !== undefined && to < from) errors.numberOfTrucksTo = m.trucksToBelowFrom
  if (filter.divisionId === EXECUTIVE_DIVISION_ID) {
    if (filter.statusId !== undefined) errors.statusId = m.notForExecutiveDivision
    if (filter.assigned !== undefined) errors.assigned = m.notForExecutiveDivision
  }
  return errors
}
