import type { HttpApp } from '@crm/platform'
import { DEMO_PASSWORD } from '../seed/demo-data'

/**
 * What an upgrade fixture's manifest says about it (fixtures/upgrade/<date>/manifest.json): the records the reads
 * are about, and for each screen's read the key facts of its answer. Facts are chosen so that they do not depend on
 * the day the fixture is opened (no "past due", no "this month" without naming the month, no "neglected for N
 * days"): a fixture written today must read the same in every later release.
 */
export interface FixtureSubjects {
  /** The demo's first start: its quarter of work ends here. */
  firstStart: string
  /** A contact with a quarter of work, a shared note with a file and history. */
  contactId: string
  /** A contact whose personal data was erased (decision 035). */
  erasedContactId: string
  /** A logistics customer with loads. */
  customerId: string
  dealerId: string
  /** One credit application of each source: its page reads the sealed values with the fixture's key. */
  creditApplications: Record<'website' | 'cps' | 'cef', string>
  opportunityId: string
}

export interface FixtureManifest {
  format: 1
  engine: 'embedded' | 'postgres'
  /** The product's git commit and package version that wrote the fixture. */
  writtenBy: { commit: string | null; version: string }
  writtenAt: string
  /** What the demo and the additions wrote, by kind. */
  counts: Record<string, number>
  subjects: FixtureSubjects
  /** Each read's facts, by the read's name. */
  reads: Record<string, Facts>
}

export type Facts = Record<string, unknown>

export const ADMIN = { email: 'admin@example.com', password: 'admin12345' }

interface Read {
  name: string
  /** Whose screen: a demo user's email, or the administrator. */
  as: string
  url: string
  facts: (answer: unknown) => Facts
}

const DAY = 86_400_000
const iso = (t: number) => new Date(t).toISOString()
const day = (t: number) => iso(t).slice(0, 10)
const options = (o: object) => encodeURIComponent(JSON.stringify({ pagination: { limit: 100, first: 0 }, ...o }))

type Row = Record<string, unknown>
const rowsOf = (answer: unknown): Row[] | undefined => {
  if (Array.isArray(answer)) return answer as Row[]
  const a = answer as { rows?: Row[]; items?: Row[]; data?: Row[] }
  return a.rows ?? a.items ?? (Array.isArray(a.data) ? a.data : undefined)
}

/** A list's facts: its total (when it says one), how many rows came, the rows' ids, and chosen fields of each row. */
const list =
  (fields: string[] = [], idField = 'id') =>
  (answer: unknown): Facts => {
    const rows = rowsOf(answer) ?? []
    const total = (answer as { total?: unknown }).total
    const keyed = rows.map((r) => ({ id: r[idField], ...pick(r, fields) }))
    keyed.sort((a, b) => String(a.id).localeCompare(String(b.id)) || JSON.stringify(a).localeCompare(JSON.stringify(b)))
    return { ...(total !== undefined && { total }), rows: rows.length, ...(rows.length > 0 && { records: keyed }) }
  }

/** A record's facts: chosen fields, as they read. */
const record =
  (fields: string[]) =>
  (answer: unknown): Facts =>
    pick(answer as Row, fields)

/** An answer of another form: the length of each list in it, and its other top-level values. */
const shape = (answer: unknown): Facts =>
  Object.fromEntries(Object.entries(answer as Row).map(([k, v]) => [k, Array.isArray(v) ? { length: v.length } : v]))

const count = (answer: unknown): Facts => ({ total: (answer as { total?: unknown }).total })

function pick(row: Row, fields: string[]): Facts {
  const out: Facts = {}
  for (const field of fields) {
    const value = field.split('.').reduce<unknown>((v, k) => (v as Row | undefined)?.[k], row)
    if (value !== undefined) out[field] = value
  }
  return out
}

/** Lists of the contacts table whose membership does not move with the calendar (not to-reassign). */
const contactLists = [
  'unassigned-lead',
  'division-claimed-leads',
  'unassigned-prospects',
  'accounts',
  'inactive-accounts',
  'win-again-accounts',
  'win-again-prospects',
  'manager-bucket',
  'paid-off-accounts',
  'collection-list',
  'credit-exposure',
  'contacts',
  'dead-contacts',
  'not-qualified',
  'i-give-up',
  'out-of-business',
  'all-customers',
]

/** Every screen's read the fixture test checks, named; the same list writes the manifest and checks it. */
export function fixtureReads(s: FixtureSubjects): Read[] {
  const end = Date.parse(s.firstStart)
  // The report and the audit end the day before the first start: mail the demo queued is delivered (and dated)
  // when the data is opened, which may be that same day.
  const from = end - 100 * DAY
  const months = [0, 1, 2, 3].map((k) => {
    const d = new Date(end)
    d.setUTCDate(1)
    d.setUTCMonth(d.getUTCMonth() - k)
    return iso(d.getTime()).slice(0, 7)
  })
  const admin = ADMIN.email
  const manager = 'manager@example.com'
  const rep = 'rep1@example.com'
  const contactFields = ['id', 'name', 'dotNumber', 'mcNumber', 'email', 'businessPhone', 'ownerName', 'assigned']
  const reads: Read[] = [
    ...contactLists.map((name) => ({
      name: `contact list ${name} (admin)`,
      as: admin,
      url: `/contact-lists/${name}/count?options=${options({})}`,
      facts: count,
    })),
    ...['contacts', 'accounts', 'my-lead', 'my-prospect'].map((name) => ({
      name: `contact list ${name} (rep)`,
      as: rep,
      url: `/contact-lists/${name}?options=${options({ sort: { field: 'name', direction: 'asc' } })}`,
      facts: list(['name', 'dotNumber']),
    })),
    { name: 'contact page', as: admin, url: `/contacts/${s.contactId}`, facts: record(contactFields) },
    {
      name: 'contact timeline',
      as: admin,
      // Every kind but email: a scheduled message becomes an email activity when it is sent, which happens once
      // the data is opened after its time.
      url: `/contact-activities-timeline/all?contactId=${s.contactId}&limit=100&types=10009,10010,10011,10013,10014`,
      facts: list(['type', 'subject']),
    },
    {
      name: 'shared notes with files',
      as: admin,
      url: `/activity/shared-notes?contactId=${s.contactId}&limit=100`,
      facts: list(['note', 'attachments']),
    },
    { name: 'contact history', as: admin, url: `/contacts/${s.contactId}/history`, facts: list(['type', 'at']) },
    { name: 'erased contact page', as: admin, url: `/contacts/${s.erasedContactId}`, facts: record(contactFields) },
    {
      name: 'erased contact history',
      as: admin,
      url: `/contacts/${s.erasedContactId}/history`,
      facts: list(['type', 'at']),
    },
    {
      name: 'tasks (rep, with completed)',
      as: rep,
      url: `/task/assigned-tasks?includeCompleted=true&pageSize=100&page=1`,
      facts: list(['title', 'dueDate', 'completed']),
    },
    {
      name: 'calendar (rep, the quarter)',
      as: rep,
      url: `/calendar?from=${iso(end - 92 * DAY)}&to=${iso(end)}&timeZone=UTC`,
      facts: shape,
    },
    {
      name: 'referrals (finance manager)',
      as: 'finance.manager@example.com',
      url: `/referral/get-referrals?first=0&limit=100`,
      facts: list(['subject', 'paymentStatus', 'paymentAmount', 'grade']),
    },
    {
      name: 'opportunities (admin)',
      as: admin,
      url: `/opportunities?options=${options({})}`,
      facts: list(['name', 'stage', 'amount']),
    },
    {
      name: 'opportunity page',
      as: admin,
      url: `/opportunities/${s.opportunityId}`,
      facts: record(['name', 'amount']),
    },
    {
      name: 'logistics customers (logistics manager)',
      as: 'logistics.manager@example.com',
      url: `/customers-logistic/all?options=${options({})}`,
      facts: list(['name', 'statusId']),
    },
    {
      name: 'loads of a customer',
      as: 'logistics.manager@example.com',
      url: `/customers-logistic-loads/all/${s.customerId}?options=${options({})}`,
      facts: list(['originCity', 'destinationCity', 'loadPay', 'pickUpDate']),
    },
    {
      name: 'dealers',
      as: 'trucks@example.com',
      url: `/ts-dealers?options=${options({})}`,
      facts: list(['name', 'businessPhone']),
    },
    { name: 'dealer page', as: 'trucks@example.com', url: `/ts-dealers/${s.dealerId}`, facts: record(['name']) },
    ...months.map((month) => ({
      name: `expenses ${month} (manager's team)`,
      as: manager,
      url: `/expenses?options=${options({ filter: { month, userId: 'team' } })}`,
      facts: list(['expense', 'expenseDate', 'note', 'receiptKey']),
    })),
    ...(['website', 'cps', 'cef'] as const).flatMap((source) => [
      {
        name: `${source} credit applications`,
        as: admin,
        url: `/${source}-credit-applications?options=${options({})}`,
        facts: list(['businessName', 'statusId']),
      },
      {
        name: `${source} credit application page`,
        as: admin,
        url: `/${source}-credit-applications/${s.creditApplications[source]}`,
        facts: record(['businessName', 'applicantFirstName', 'applicantSsn', 'applicantDateOfBirth', 'statusId']),
      },
    ]),
    {
      name: 'email history (manager)',
      as: manager,
      url: `/emails/history?limit=100&first=0`,
      // Queued and scheduled messages are sent once the data is opened and they are due: not their status.
      facts: list(['subject']),
    },
    { name: 'email templates (manager)', as: manager, url: `/emails/templates?limit=100`, facts: list(['name']) },
    { name: 'lead imports (manager)', as: manager, url: '/lead-imports', facts: list(['fileName', 'state']) },
    {
      name: 'sales metric report (the quarter)',
      as: admin,
      url: `/reports/sales-metric?dateFrom=${day(from)}&dateTo=${day(end - DAY)}&utcOffset=0`,
      facts: (a) => ({ answer: a }),
    },
    {
      name: 'lead to account report',
      as: admin,
      url: `/reports/lead-to-account?monthFrom=${months[3]}&monthTo=${months[0]}`,
      facts: (a) => ({ answer: a }),
    },
    {
      name: 'audit (the quarter, first page)',
      as: admin,
      url: `/audit?dateFrom=${day(from)}&dateTo=${day(end - DAY)}&utcOffset=0&limit=100&first=0`,
      facts: list(['type', 'at']),
    },
    { name: 'users', as: admin, url: '/users?limit=100&includeInactive=true', facts: list(['email', 'name']) },
  ]
  return reads
}

/** Logs each reader in once, runs every read, and returns its facts; a read that does not answer 200 says so. */
export async function readFixtureFacts(app: HttpApp, subjects: FixtureSubjects): Promise<Record<string, Facts>> {
  const tokens = new Map<string, string>()
  const token = async (email: string) => {
    if (!tokens.has(email)) {
      const password = email === ADMIN.email ? ADMIN.password : DEMO_PASSWORD
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login-user',
        payload: { email, password },
      })
      if (response.statusCode !== 200) throw new Error(`${email} cannot log in: ${response.body}`)
      tokens.set(email, (response.json() as { token: string }).token)
    }
    return tokens.get(email)!
  }
  const out: Record<string, Facts> = {}
  for (const read of fixtureReads(subjects)) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1${read.url}`,
      headers: { authorization: `Bearer ${await token(read.as)}` },
    })
    if (response.statusCode !== 200)
      out[read.name] = { status: response.statusCode, error: response.body.slice(0, 300) }
    else out[read.name] = read.facts(response.json())
  }
  return out
}
