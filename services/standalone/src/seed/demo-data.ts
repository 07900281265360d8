import type { CreateContact } from '@crm/contracts'

/**
 * Demo data for the embedded default: invented companies (never real phone numbers or emails: the 555-01xx
 * range and example.com are reserved for fiction), spread over states, sizes and organization types.
 */
const places = [
  'Blue Ridge',
  'Prairie',
  'Red River',
  'Great Lakes',
  'Lone Star',
  'Cascade',
  'Gulf Coast',
  'Ozark',
  'Sierra',
  'Mesa',
  'Hudson',
  'Piedmont',
]
const trades = ['Freight', 'Transport', 'Logistics', 'Hauling', 'Carriers', 'Express', 'Trucking', 'Lines']
const suffixes = ['LLC', 'Inc', 'Co', 'Corp']
const owners = [
  'Maria Lopez',
  'James Carter',
  'Dragan Petrovic',
  'Linda Nguyen',
  'Robert King',
  'Ana Kovac',
  'Michael Brown',
  'Sofia Rossi',
]
const cities: [string, string, string][] = [
  ['Dallas', 'TX', '75201'],
  ['Chicago', 'IL', '60601'],
  ['Atlanta', 'GA', '30303'],
  ['Memphis', 'TN', '38103'],
  ['Columbus', 'OH', '43215'],
  ['Denver', 'CO', '80202'],
  ['Phoenix', 'AZ', '85004'],
  ['Sacramento', 'CA', '95814'],
  ['Joplin', 'MO', '64801'],
  ['Laredo', 'TX', '78040'],
]

/** A small deterministic generator so every fresh install shows the same demo. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
}

export function demoContacts(count = 60): CreateContact[] {
  const next = random(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  return Array.from({ length: count }, (_, i) => {
    const [city, state, zip] = pick(cities)
    const trucks = Math.floor(next() ** 3 * 120)
    const name = `${pick(places)} ${pick(trades)} ${pick(suffixes)}`
    return {
      name: i < places.length * trades.length ? name : `${name} ${i}`,
      ownerName: pick(owners),
      email: `dispatch${i}@example.com`,
      businessPhone: `(555) 01${String(i % 100).padStart(2, '0')}-${String(1000 + i).slice(-4)}`,
      address: { street1: `${100 + i * 7} Commerce St`, city, state, zip, country: 'US' },
      dotNumber: String(3_100_000 + i * 137),
      mcNumber: i % 3 === 0 ? undefined : String(900_000 + i * 53),
      contactCategory: 1,
      organizationTypeId: trucks <= 1 ? 5 : trucks > 80 ? 3 : 7,
      numberOfTrucks: trucks,
      statusId: 1,
    } as CreateContact
  })
}

export const demoUsers = [
  { email: 'manager@example.com', name: 'Dana Manager', divisionId: 15, role: 'manager' as const },
  { email: 'rep1@example.com', name: 'Riley Rep', divisionId: 15, role: 'rep' as const },
  { email: 'rep2@example.com', name: 'Sam Seller', divisionId: 15, role: 'rep' as const },
]
export const DEMO_PASSWORD = 'demo12345'
