import { lookup } from 'zipcodes'

/** Latitude / longitude of a US zip code (first five digits), from the zipcodes package's dataset. */
export function coordinatesOf(zip: string | null | undefined): { latitude: number | null; longitude: number | null } {
  const five = typeof zip === 'string' ? /^\d{5}/.exec(zip.trim())?.[0] : undefined
  const found = five ? lookup(five) : undefined
  return found ? { latitude: found.latitude, longitude: found.longitude } : { latitude: null, longitude: null }
}

/**
 * Estimated yearly revenue of a carrier, for the Advanced Search range: the industry's rule of thumb of
 * about $200,000 gross revenue per power unit per year. Unknown fleet size, unknown revenue.
 */
export const REVENUE_PER_TRUCK = 200_000
export function estimatedRevenue(trucks: number | null | undefined): number | null {
  return typeof trucks === 'number' ? trucks * REVENUE_PER_TRUCK : null
}

/**
 * Nationality ids of the former Yugoslav countries in the nationality support table (the Ex-Yu filter).
 * docs/product.md does not list the table; these ids are the project's assumption until the support tables land.
 */
export const EX_YU_NATIONALITY_IDS: readonly number[] = [2, 3, 4, 5, 6, 7]
export const isExYu = (nationalityId: number | null | undefined): boolean =>
  typeof nationalityId === 'number' && EX_YU_NATIONALITY_IDS.includes(nationalityId)
