import { contactListMessages, distanceBounds, type DistanceRange } from '@crm/contracts'
import { badRequest } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import { lookup } from 'zipcodes'

const EARTH_RADIUS_MILES = 3958.8
const MILES_PER_DEGREE = 69.0

/** The centre of a zip code from the zipcodes dataset; an unknown zip is the caller's mistake. */
export function zipCentre(zip: string): { latitude: number; longitude: number } {
  const found = lookup(zip)
  if (!found) throw badRequest(contactListMessages.unknownZip, { 'options.filter.zip': contactListMessages.unknownZip })
  return { latitude: found.latitude, longitude: found.longitude }
}

/** Great-circle distance in miles from the centre to the row's zip coordinates (haversine). */
export function distanceSql(centre: { latitude: number; longitude: number }): RawBuilder<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(sqrt(
    power(sin(radians(s.latitude - ${centre.latitude}::float8) / 2), 2) +
    cos(radians(${centre.latitude}::float8)) * cos(radians(s.latitude)) *
    power(sin(radians(s.longitude - ${centre.longitude}::float8) / 2), 2))))`
}

/**
 * Rows within a distance range. A latitude/longitude box around the circle comes first so that the
 * (division, latitude, longitude) index narrows the rows before the exact distance is computed for each.
 */
export function withinDistance(
  centre: { latitude: number; longitude: number },
  range: DistanceRange,
): RawBuilder<unknown> {
  const { min, max } = distanceBounds(range)
  const distance = distanceSql(centre)
  if (max === null) return sql`s.latitude is not null and ${distance} >= ${min}::float8`
  const dLat = max / MILES_PER_DEGREE
  const dLng = max / (MILES_PER_DEGREE * Math.max(0.01, Math.cos((centre.latitude * Math.PI) / 180)))
  return sql`s.latitude between ${centre.latitude - dLat}::float8 and ${centre.latitude + dLat}::float8
    and s.longitude between ${centre.longitude - dLng}::float8 and ${centre.longitude + dLng}::float8
    and ${distance} <= ${max}::float8`
}
