import { seededRandom } from './demo-random'

/**
 * Invented motor carriers in the shape of the USDOT census, written as docs/product.md's lead CSV (the file a
 * manager uploads on Import New Leads). Nothing here can reach anyone: DOT numbers are eight digits from
 * 99,000,000 (the census has not reached five million), MC numbers from 9,900,000, phones are 555-0100 to
 * 555-0199 (reserved for fiction), emails are at example.com.
 */
export const DEMO_DOT_FROM = 99_000_000
export const DEMO_MC_FROM = 9_900_000

/** Carriers per state, as facts: the physical states of a 500-row sample of the census (share per 500). */
export const censusStateWeights: readonly (readonly [string, number])[] = [
  ['CA', 69], ['TX', 47], ['NY', 37], ['FL', 31], ['GA', 30], ['PA', 30], ['MN', 20], ['MI', 14], ['IL', 13],
  ['AL', 13], ['IN', 11], ['OH', 11], ['CO', 11], ['MD', 11], ['SC', 10], ['WI', 10], ['KY', 9], ['NE', 9],
  ['WA', 9], ['NJ', 8], ['NC', 8], ['MA', 7], ['AZ', 6], ['IA', 6], ['TN', 5], ['MS', 5], ['KS', 5], ['MO', 4],
  ['NV', 4], ['AR', 4], ['OR', 4], ['VA', 4], ['SD', 3], ['UT', 3], ['LA', 3], ['ID', 3], ['OK', 3], ['ND', 3],
  ['MT', 2], ['AK', 2], ['NM', 2], ['ME', 1], ['WY', 1], ['VT', 1], ['CT', 1],
] // prettier-ignore

/** Power units per carrier, as the census sample spreads them: most run one truck, a few run hundreds. */
const fleetSizes: readonly (readonly [[number, number], number])[] = [
  [[1, 1], 285], [[2, 2], 67], [[3, 4], 57], [[5, 9], 44], [[10, 20], 20], [[21, 75], 14], [[76, 400], 6],
] // prettier-ignore

const cities: Record<string, readonly [string, string][]> = {
  CA: [
    ['Fontana', '92335'],
    ['Fresno', '93721'],
    ['Sacramento', '95814'],
    ['Stockton', '95202'],
    ['Ontario', '91761'],
  ],
  TX: [
    ['Dallas', '75201'],
    ['Houston', '77002'],
    ['Laredo', '78040'],
    ['San Antonio', '78205'],
    ['El Paso', '79901'],
  ],
  NY: [
    ['Buffalo', '14202'],
    ['Albany', '12207'],
    ['Bronx', '10451'],
    ['Syracuse', '13202'],
  ],
  FL: [
    ['Miami', '33101'],
    ['Jacksonville', '32202'],
    ['Tampa', '33602'],
    ['Orlando', '32801'],
  ],
  GA: [
    ['Atlanta', '30303'],
    ['Savannah', '31401'],
    ['Macon', '31201'],
  ],
  PA: [
    ['Harrisburg', '17101'],
    ['Allentown', '18101'],
    ['Pittsburgh', '15222'],
  ],
  MN: [
    ['Minneapolis', '55401'],
    ['St. Cloud', '56301'],
    ['Duluth', '55802'],
  ],
  MI: [
    ['Detroit', '48226'],
    ['Grand Rapids', '49503'],
  ],
  IL: [
    ['Chicago', '60601'],
    ['Joliet', '60432'],
    ['Rockford', '61101'],
  ],
  AL: [
    ['Birmingham', '35203'],
    ['Mobile', '36602'],
  ],
  IN: [
    ['Indianapolis', '46204'],
    ['Fort Wayne', '46802'],
  ],
  OH: [
    ['Columbus', '43215'],
    ['Toledo', '43604'],
    ['Cincinnati', '45202'],
  ],
  CO: [
    ['Denver', '80202'],
    ['Greeley', '80631'],
  ],
  MD: [
    ['Baltimore', '21201'],
    ['Hagerstown', '21740'],
  ],
  SC: [
    ['Columbia', '29201'],
    ['Greenville', '29601'],
  ],
  WI: [
    ['Milwaukee', '53202'],
    ['Green Bay', '54301'],
  ],
  KY: [
    ['Louisville', '40202'],
    ['Lexington', '40507'],
  ],
  NE: [
    ['Omaha', '68102'],
    ['Lincoln', '68508'],
  ],
  WA: [
    ['Tacoma', '98402'],
    ['Spokane', '99201'],
  ],
  NJ: [
    ['Newark', '07102'],
    ['Elizabeth', '07201'],
  ],
  NC: [
    ['Charlotte', '28202'],
    ['Greensboro', '27401'],
  ],
  MA: [
    ['Worcester', '01608'],
    ['Springfield', '01103'],
  ],
  AZ: [
    ['Phoenix', '85004'],
    ['Tucson', '85701'],
  ],
  IA: [
    ['Des Moines', '50309'],
    ['Cedar Rapids', '52401'],
  ],
  TN: [
    ['Memphis', '38103'],
    ['Nashville', '37203'],
  ],
  MS: [['Jackson', '39201']],
  KS: [['Wichita', '67202']],
  MO: [
    ['Joplin', '64801'],
    ['Kansas City', '64105'],
  ],
  NV: [
    ['Reno', '89501'],
    ['Las Vegas', '89101'],
  ],
  AR: [
    ['Little Rock', '72201'],
    ['Lowell', '72745'],
  ],
  OR: [['Portland', '97204']],
  VA: [['Richmond', '23219']],
  SD: [['Sioux Falls', '57104']],
  UT: [['Salt Lake City', '84101']],
  LA: [['Shreveport', '71101']],
  ID: [['Boise', '83702']],
  OK: [['Tulsa', '74103']],
  ND: [['Fargo', '58102']],
  MT: [['Billings', '59101']],
  AK: [['Anchorage', '99501']],
  NM: [['Albuquerque', '87102']],
  ME: [['Portland', '04101']],
  WY: [['Cheyenne', '82001']],
  VT: [['Burlington', '05401']],
  CT: [['Hartford', '06103']],
}

const areaCodes = [
  '205', '209', '210', '214', '216', '217', '219', '224', '240', '248', '251', '260', '262', '269', '281', '303',
  '309', '312', '313', '314', '316', '317', '319', '320', '330', '334', '336', '352', '360', '361', '386', '402',
  '404', '405', '406', '409', '410', '414', '417', '419', '423', '425', '432', '440', '463', '469', '479', '480',
  '501', '502', '503', '505', '507', '509', '512', '513', '515', '517', '520', '530', '540', '541', '559', '563',
  '567', '570', '573', '580', '601', '602', '605', '608', '612', '614', '615', '616', '618', '619', '620', '623',
] // prettier-ignore

const places = [
  'Blue Ridge', 'Prairie', 'Red River', 'Great Lakes', 'Lone Star', 'Cascade', 'Gulf Coast', 'Ozark', 'Sierra',
  'Mesa', 'Hudson', 'Piedmont', 'Big Sky', 'Heartland', 'Iron Range', 'Golden State', 'Bluegrass', 'Palmetto',
  'Keystone', 'Buckeye', 'Sunbelt', 'Rio Grande', 'High Plains', 'Tidewater', 'Badger', 'Gateway', 'Frontier',
  'Crossroads', 'Redwood', 'Cumberland', 'Timberline', 'Eagle', 'Falcon', 'Mustang', 'Bison', 'Summit', 'Harbor',
  'Canyon', 'Pioneer', 'Liberty',
] // prettier-ignore
const trades = [
  'Freight', 'Transport', 'Logistics', 'Hauling', 'Carriers', 'Express', 'Trucking', 'Lines', 'Cartage',
  'Transfer', 'Haulers', 'Motor Freight', 'Flatbed', 'Reefer Lines', 'Tank Lines', 'Dispatch', 'Moving', 'Delivery',
] // prettier-ignore
const suffixes = ['LLC', 'Inc', 'Co', 'Corp', 'Ltd', 'LLC']
const firstNames = [
  'Maria', 'James', 'Dragan', 'Linda', 'Robert', 'Ana', 'Michael', 'Sofia', 'Jose', 'Olga', 'Tomasz', 'Aisha',
  'Daniel', 'Jelena', 'Carlos', 'Emily', 'Ivan', 'Grace', 'Luis', 'Patricia', 'Marko', 'Kevin', 'Rosa', 'Nikola',
] // prettier-ignore
const lastNames = [
  'Lopez', 'Carter', 'Petrovic', 'Nguyen', 'King', 'Kovac', 'Brown', 'Rossi', 'Garcia', 'Ivanova', 'Nowak',
  'Hassan', 'Miller', 'Jovanovic', 'Hernandez', 'Walker', 'Popov', 'Young', 'Ramirez', 'Davis', 'Markovic',
  'Wilson', 'Torres', 'Stojanovic', 'Baker', 'Reyes', 'Evans', 'Moreno',
] // prettier-ignore
const cargo = ['General Freight', 'Building Materials', 'Fresh Produce', 'Refrigerated Food', 'Machinery', 'Intermodal Containers', 'Grain', 'Metal', 'Motor Vehicles', 'Liquids/Gases'] // prettier-ignore
const streets = ['Commerce St', 'Industrial Blvd', 'Depot Rd', 'Freight Ave', 'Terminal Way', 'Main St', 'Route 9', 'Warehouse Dr'] // prettier-ignore

export interface DemoCarrier {
  /** Row order in the demo (also the order of the files). */
  index: number
  name: string
  dotNumber: string
  mcNumber: string | null
  ownerName: string
  email: string
  businessPhone: string
  mobilePhone: string | null
  street1: string
  city: string
  state: string
  zip: string
  trucks: number
  drivers: number
  operatingStatus: 'ACTIVE' | 'INACTIVE' | 'OUT-OF-SERVICE'
  cargo: string
  dateEntered: string
  established: string
  /** Set on a carrier written a second time under another DOT number (the combine wizard's case). */
  duplicateOf: number | null
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** `count` carriers (a few of them possible duplicates of others), the same for the same seed. */
export function demoCarriers(seed: number, count: number): DemoCarrier[] {
  const random = seededRandom(seed * 7919 + 17)
  const names = new Set<string>()
  const carriers: DemoCarrier[] = []
  const phone = (i: number) => {
    const area = areaCodes[Math.floor(i / 100) % areaCodes.length]!
    const wrap = Math.floor(i / (100 * areaCodes.length))
    return `(${wrap === 0 ? area : String(Number(area) + wrap * 100).slice(-3)}) 555-01${String(i % 100).padStart(2, '0')}`
  }
  for (let i = 0; carriers.length < count; i++) {
    const index = carriers.length
    // About one in a hundred is a carrier the census lists twice (a new DOT number, the same company).
    if (index > 20 && random.chance(0.01)) {
      const original = carriers[random.int(0, index - 1)]!
      if (original.duplicateOf === null) {
        carriers.push({
          ...original,
          index,
          dotNumber: String(DEMO_DOT_FROM + index),
          mcNumber: null,
          mobilePhone: null,
          operatingStatus: 'ACTIVE',
          dateEntered: original.dateEntered,
          duplicateOf: original.index,
        })
        continue
      }
    }
    const owner = `${random.pick(firstNames)} ${random.pick(lastNames)}`
    let name = ''
    for (let attempt = 0; !name || names.has(name.toLowerCase()); attempt++) {
      name = random.chance(0.3)
        ? `${owner.split(' ')[1]} ${random.pick(trades)} ${random.pick(suffixes)}`
        : `${random.pick(places)} ${random.pick(trades)} ${random.pick(suffixes)}`
      if (attempt > 5) name = `${name} ${index}`
    }
    names.add(name.toLowerCase())
    const state = random.weighted(censusStateWeights)
    const [city, zip] = random.pick(cities[state] ?? [['Springfield', '00000']])
    const [from, to] = random.weighted(fleetSizes)
    const trucks = random.int(from, to)
    const enteredDaysAgo = random.int(30, 365 * 12)
    const entered = new Date(Date.UTC(2026, 0, 1) - enteredDaysAgo * 86_400_000)
    carriers.push({
      index,
      name,
      dotNumber: String(DEMO_DOT_FROM + index),
      mcNumber: random.chance(0.7) ? String(DEMO_MC_FROM + index) : null,
      ownerName: owner,
      email: `dispatch.${slug(name)}.${index}@example.com`,
      businessPhone: phone(index),
      mobilePhone: random.chance(0.4) ? phone(index + 3100) : null,
      street1: `${random.int(10, 9990)} ${random.pick(streets)}`,
      city,
      state,
      zip,
      trucks,
      drivers: trucks + random.int(0, Math.ceil(trucks / 4)),
      operatingStatus: random.weighted([
        ['ACTIVE', 90],
        ['INACTIVE', 7],
        ['OUT-OF-SERVICE', 3],
      ] as const),
      cargo: random.pick(cargo),
      dateEntered: entered.toISOString().slice(0, 10),
      established: new Date(entered.getTime() - random.int(0, 3650) * 86_400_000).toISOString().slice(0, 10),
      duplicateOf: null,
    })
  }
  return carriers
}

const quote = (v: string | number | null) => {
  const s = v === null ? '' : String(v)
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** The lead CSV of docs/product.md (the Import New Leads upload) holding these carriers. */
export function leadCsv(carriers: readonly DemoCarrier[], source: string): string {
  const header = [
    'usdot', 'mc', 'name_and_safer_name', 'business_phone', 'mobile_phone', 'email', 'street_1', 'city', 'state',
    'zip', 'owner_name', 'source', 'date_entered', 'established_date', 'trucks', 'drivers', 'entity_type',
    'operating_status', 'cargo_carried', 'carrier_operations',
  ] // prettier-ignore
  const rows = carriers.map((c) =>
    [
      c.dotNumber, c.mcNumber, c.name, c.businessPhone, c.mobilePhone, c.email, c.street1, c.city, c.state, c.zip,
      c.ownerName, source, c.dateEntered, c.established, c.trucks, c.drivers, 'CARRIER', c.operatingStatus, c.cargo,
      'A',
    ]
      .map(quote)
      .join(','),
  ) // prettier-ignore
  return `${header.join(',')}\n${rows.join('\n')}\n`
}
