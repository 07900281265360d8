import { messages } from '../messages'

/**
 * Lookup values of the contact lifecycle. docs/product.md fixes effort levels (122-124) and the hot/warm grades
 * (108, 109); it leaves the other support types "not shown", so these lists are ours and written down here.
 */
export const effortLevels = { 122: 'A', 123: 'B', 124: 'C' } as const
export type EffortLevelId = 122 | 123 | 124

/** Grade ids: 108 hot, 109 warm, other cold (110 is the cold id we store). */
export const grades = { 108: 'Hot', 109: 'Warm', 110: 'Cold' } as const
export const COLD_GRADE = 110

/**
 * Where a deal stands in a division (the per-division record's `stage`; docs/product.md names the field and leaves
 * its values "not shown", so these are ours: the steps a commercial-finance or truck sale goes through).
 */
export const divisionStages = {
  1: 'Qualifying',
  2: 'Needs analysis',
  3: 'Proposal',
  4: 'Negotiation',
  5: 'Closing',
} as const

export const prospectSources = {
  1: 'Cold call',
  2: 'Inbound call',
  3: 'Referral',
  4: 'Website',
  5: 'Trade show',
  6: 'Lead list',
  7: 'Other',
} as const

export const accountSources = {
  1: 'Sales rep',
  2: 'Referral',
  3: 'Website',
  4: 'Repeat customer',
  5: 'Other',
} as const

/** Preferred language (docs/product.md's nationalityId; "Ex-Yu" is a filter of its own). */
export const nationalities = {
  1: 'English',
  2: 'Spanish',
  3: 'Ex-Yu',
  4: 'Russian',
  5: 'Polish',
  6: 'Other',
} as const

/** A preferred language as people read it; null when none is set (or the id is unknown). */
export const nationalityName = (id: number | null | undefined): string | null =>
  id == null ? null : ((nationalities as Record<number, string>)[id] ?? null)

/** Give-up reasons (support type 28); 'Other' needs notes. */
export const giveUpReasons = [
  'No answer after many attempts',
  'Wrong number',
  'Not interested',
  'Using a competitor',
  'Too small',
  'Other',
] as const
export const GIVE_UP_OTHER = 'Other'

/** Contract-lost reasons (support type 27). */
export const contractLostReasons = [
  'Price',
  'Service',
  'Went with a competitor',
  'Sold the business',
  'Out of business',
  'Other',
] as const

/** Company types; the first two are auto-rated: effort level follows the number of trucks (docs/product.md 9). */
export const companyTypes = {
  1: 'Trucking company',
  2: 'Owner operator',
  3: 'Broker',
  4: 'Shipper',
  5: 'Other',
} as const

/** A company type as people read it; null when none is set (or the id is unknown). */
export const companyTypeName = (id: number | null | undefined): string | null =>
  id == null ? null : ((companyTypes as Record<number, string>)[id] ?? null)

/** Upper bounds of C and B per auto-rated company type; above the second bound is A. */
export const autoRatedCompanyTypes: Record<number, readonly [cMax: number, bMax: number]> = {
  1: [35, 75],
  2: [2, 4],
}

/** The effort level a company type rates from its trucks, or null when the type is not auto-rated. */
export function effortLevelFromTrucks(companyTypeId: number | null | undefined, trucks: number | null | undefined) {
  const bounds = companyTypeId == null ? undefined : autoRatedCompanyTypes[companyTypeId]
  if (!bounds) return null
  const n = trucks ?? 0
  return (n <= bounds[0] ? 124 : n <= bounds[1] ? 123 : 122) as EffortLevelId
}

/**
 * The thresholds of an auto-rated company type as people read them ("0-35 C, 36-75 B, 76+ A"), from the same
 * bounds the rating uses; null when the type is not auto-rated.
 */
export function effortLevelThresholds(companyTypeId: number | null | undefined): string | null {
  const bounds = companyTypeId == null ? undefined : autoRatedCompanyTypes[companyTypeId]
  if (!bounds) return null
  const [cMax, bMax] = bounds
  return `0-${cMax} C, ${cMax + 1}-${bMax} B, ${bMax + 1}+ A`
}

/** 'You are not allowed to change the effort level…' with the thresholds of the contact's company type. */
export const effortLevelLockedFor = (companyTypeId: number | null | undefined): string =>
  messages.effortLevelLocked(effortLevelThresholds(companyTypeId) ?? '')

/** Red flag statuses: open, resolved (the list filter sends 94 as 2, others as 1). */
export const RedFlagStatus = { Open: 1, Resolved: 2 } as const

/**
 * The logistics division: the only one offered Pending (docs/product.md 4), and where Pending blocks Convert.
 * See docs/decisions/004-contact-lifecycle-rules.md.
 */
export const LOGISTICS_DIVISION_ID = 3

/** The combine wizard's number of division statuses (docs/product.md 9). */
export const COMBINE_STATUS_COUNT = 11
