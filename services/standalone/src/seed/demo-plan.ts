import { ActivityType, TaskNextStep, contractLostReasons, giveUpReasons } from '@crm/contracts'
import { demoCarriers, type DemoCarrier } from './demo-carriers'
import { seededRandom, type Random } from './demo-random'

/**
 * The demo as data: who imports which carriers, who works which of them and what they do, day by day over the
 * quarter before the first start. Pure (a seed, a day and a scale in; the same plan out), so the demo is the same
 * on every machine and a later tool can write it anywhere; write-demo.ts sends it through the product's commands.
 */
export interface DemoOptions {
  /** The generator's seed: another seed, another (equally plausible) floor. */
  seed: number
  /** The first start: the quarter of work ends here, and nothing is dated after it. */
  firstStart: Date
  /** 1 is the full demo (about 3,000 carriers); tests use less. */
  scale: number
}

export type Step =
  | { op: 'call'; outcome: 'Attempted' | 'Answered'; duration: number; subject: string; notes: string | null }
  | { op: 'activity'; type: number; subject: string; notes: string }
  | { op: 'task'; ref: string; title: string; due: Date; type: number; priority: 0 | 1; reminder: number | null }
  | { op: 'complete'; ref: string; nextStep: number; notes: string; call: { duration: number } | null }
  | { op: 'meeting'; subject: string; start: Date; minutes: number; location: string }
  | { op: 'note'; subject: string; note: string }
  | { op: 'comment'; note: string }
  | { op: 'prospect'; effortLevel: number; grade: number; prospectSource: number }
  /** Lead → Prospect left to the division's pool (Unassigned Prospects). */
  | { op: 'unassignedProspect'; grade: number; prospectSource: number }
  | {
      op: 'account'
      accountSource: number
      nationalityId: number
      companyTypeId: number
      /** What the account owes (0: paid off) and how late (Paid Off Accounts, Collection List, Credit Exposure). */
      currentBalance: number
      daysLate: number
    }
  | { op: 'status'; statusId: number }
  | { op: 'giveUp'; reason: string }
  | { op: 'dead' | 'notQualified'; notes: string }
  | { op: 'contractLost'; reason: string; notes: string; followUp: string }
  | { op: 'redFlag'; note: string }
  | { op: 'outOfBusiness'; note: string }
  | {
      op: 'opportunity'
      ref: string
      name: string
      stage: number
      probability: number
      type: number
      amount: number
      close: string
    }
  | { op: 'opportunityStage'; ref: string; stage: number; probability: number }
  | { op: 'referral'; ref: string; divisionId: number; attentionTo: string; subject: string; grade: number }
  /** The attention-to user completes the referral's task (a follow-up next): the referral is Completed (status 2). */
  | { op: 'referralDone'; ref: string; notes: string }
  | { op: 'referralPaid'; ref: string; amount: number }
  | { op: 'email'; template: string | null; subject: string; body: string; click: boolean }
  | { op: 'scheduleEmail'; subject: string; body: string; sendAt: Date }

/** One step of a story: what, when, and by whom (a demo user's key; the story's owner when absent). */
export interface Timed {
  at: Date
  by?: string
  step: Step
}

/** One carrier's quarter: its owner (a demo user's key) and what happened, in order. */
export interface Story {
  key: string
  carrier: number
  owner: string
  divisionId: number
  steps: Timed[]
}

export interface Import {
  key: string
  by: string
  divisionId: number
  at: Date
  source: string
  carriers: number[]
  /** Who gets which of them (the rest stay unassigned): user key → carrier indexes. */
  assign: Record<string, number[]>
}

export interface LogisticsCustomer {
  key: string
  owner: string
  at: Date
  name: string
  statusId: 1 | 2 | 3 | 8
  state: string
  city: string
  trucks: number
  loads: { at: Date; pickUp: string; from: [string, number]; to: [string, number]; pay: number; product: string }[]
}

export interface DemoPlan {
  options: DemoOptions
  quarterStart: Date
  carriers: DemoCarrier[]
  imports: Import[]
  stories: Story[]
  customers: LogisticsCustomer[]
  dealers: { key: string; at: Date; carrier: DemoCarrier; category: 4 | 5 }[]
  expenses: { key: string; by: string; at: Date; amount: number; categoryId: number; note: string; receipt: boolean }[]
  applications: {
    key: string
    source: 'website' | 'cps' | 'cef'
    at: Date
    carrier: DemoCarrier
    statuses: { at: Date; statusId: number }[]
    complete: boolean
    analyst: boolean
    merge: boolean
    amount: number
  }[]
  templates: { key: string; by: string; name: string; subject: string; body: string; scope: 'personal' | 'division' }[]
}

const DAY = 86_400_000
const salesReps = ['rep1', 'rep2', 'rep3']

/** The quarter's working days (Monday to Friday) before the first start, oldest first, as day offsets (≤ 0). */
function workingDays(firstStart: Date, days: number): number[] {
  const out: number[] = []
  for (let d = -days; d <= 0; d++) {
    const weekday = new Date(firstStart.getTime() + d * DAY).getUTCDay()
    if (weekday !== 0 && weekday !== 6) out.push(d)
  }
  return out
}

export function planDemo(options: DemoOptions): DemoPlan {
  const { seed, firstStart, scale } = options
  const random = seededRandom(seed)
  const midnight = Date.UTC(firstStart.getUTCFullYear(), firstStart.getUTCMonth(), firstStart.getUTCDate())
  const latest = firstStart.getTime() - 10 * 60_000
  /** A time on day `d` (offset from the first start's day) in US office hours (14:00-22:00 UTC), never after the first start. */
  const at = (d: number, hour = random.int(14, 21), minute = random.int(0, 59)): Date =>
    new Date(Math.min(latest - random.int(0, 50) * 60_000, midnight + d * DAY + hour * 3_600_000 + minute * 60_000))
  const future = (d: number, hour: number) => new Date(midnight + d * DAY + hour * 3_600_000)
  // A first start before the day's office hours has no work of that day: the quarter ends on the working day before.
  const days = workingDays(firstStart, 90).filter((d) => d < 0 || firstStart.getTime() - midnight >= 14 * 3_600_000)
  const dayAfter = (d: number, n: number) => days[Math.min(days.length - 1, days.indexOf(d) + n)] ?? 0
  const quarterStart = new Date(midnight - 92 * DAY + 13 * 3_600_000)

  const carrierCount = Math.max(40, Math.round(3000 * scale))
  const carriers = demoCarriers(seed, carrierCount)
  const n = carriers.length
  // Sales imports the big census list, Commercial Finance and Truck Sales lists of their own; a fresh list today.
  const recent = Math.max(5, Math.round(n * 0.02))
  const slices = { sales: Math.round(n * 0.68), finance: Math.round(n * 0.18) }
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i)
  const salesList = range(0, slices.sales)
  const financeList = range(slices.sales, slices.sales + slices.finance)
  const trucksList = range(slices.sales + slices.finance, n - recent)
  const recentList = range(n - recent, n)
  const share = (list: number[], owners: [string, number][]) => {
    const assign: Record<string, number[]> = {}
    for (const i of list) {
      const owner = random.weighted(owners)
      if (owner) (assign[owner] ??= []).push(i)
    }
    return assign
  }
  const imports: Import[] = [
    {
      key: 'sales',
      by: 'manager',
      divisionId: 15,
      at: at(days[1]!, 14, 5),
      source: 'FMCSA census',
      carriers: salesList,
      assign: share(salesList, [
        ['rep1', 22],
        ['rep2', 22],
        ['rep3', 20],
        ['manager', 6],
        ['', 30],
      ]),
    },
    {
      key: 'finance',
      by: 'cfManager',
      divisionId: 2,
      at: at(days[15]!, 15, 10),
      source: 'Equipment finance list',
      carriers: financeList,
      assign: share(financeList, [
        ['cfRep', 55],
        ['cfManager', 10],
        ['', 35],
      ]),
    },
    {
      key: 'trucks',
      by: 'trucks',
      divisionId: 4,
      at: at(days[25]!, 16, 0),
      source: 'Truck show leads',
      carriers: trucksList,
      assign: share(trucksList, [
        ['trucks', 60],
        ['', 40],
      ]),
    },
    {
      key: 'recent',
      by: 'manager',
      divisionId: 15,
      at: new Date(latest - 80 * 60_000),
      source: 'Web inquiries',
      carriers: recentList,
      assign: {},
    },
  ]

  // Who works what: a share of each owner's carriers, started on a day of the quarter after their import.
  const stories: Story[] = []
  // The writing time grows with the stories, not the carriers: a big floor works a smaller share of its list.
  const intensity = Math.min(1, 0.25 / scale)
  const worked = (importKey: string, owner: string, share: number) => {
    const imp = imports.find((i) => i.key === importKey)!
    const firstDay = days.find((d) => midnight + d * DAY > imp.at.getTime()) ?? 0
    const list = imp.assign[owner] ?? []
    return list.filter(() => random.chance(share * intensity)).map((carrier) => ({ carrier, firstDay }))
  }
  const story = (owner: string, divisionId: number, carrier: number, firstDay: number, fate?: Fate) => {
    const s = salesStory(random, {
      fate,
      owner,
      divisionId,
      carrier: carriers[carrier]!,
      days: days.filter((d) => d >= firstDay),
      at,
      future,
      dayAfter,
      latestDay: days.at(-1)!,
    })
    // One after another: a step is never earlier than the one before it.
    for (let i = 1; i < s.length; i++) {
      const before = s[i - 1]!.at.getTime()
      if (s[i]!.at.getTime() <= before) s[i]!.at = new Date(Math.min(latest, before + random.int(4, 40) * 60_000))
    }
    stories.push({ key: `${owner}-${carrier}`, carrier, owner, divisionId, steps: s })
  }
  // Each Sales rep's first carrier has a fate the lists need at any size: one left to the pool (Unassigned
  // Prospects), one lost as a Prospect (Win Again Prospects, its referral still open), one won and referred to
  // Commercial Finance (the referral completed and paid).
  const firstFates: Record<string, Fate> = { rep1: 'unassignedProspect', rep2: 'prospectLost', rep3: 'account' }
  for (const rep of salesReps)
    for (const [k, w] of worked('sales', rep, 0.28).entries())
      story(rep, 15, w.carrier, w.firstDay, k === 0 ? firstFates[rep] : undefined)
  // The manager's first: an account lost to a competitor (Win Again Accounts).
  for (const [k, w] of worked('sales', 'manager', 0.3).entries())
    story('manager', 15, w.carrier, w.firstDay, k === 0 ? 'contractLost' : undefined)
  for (const w of worked('finance', 'cfRep', 0.3)) story('cfRep', 2, w.carrier, w.firstDay)
  for (const w of worked('finance', 'cfManager', 0.3)) story('cfManager', 2, w.carrier, w.firstDay)
  for (const w of worked('trucks', 'trucks', 0.35)) story('trucks', 4, w.carrier, w.firstDay)

  // Everyone who works carriers has a task on schedule, at any size: if none of theirs is due ahead, the first
  // open one (or else the last one completed, then left open) is due tomorrow evening.
  for (const owner of new Set(stories.map((s) => s.owner))) {
    const theirs = stories.filter((s) => s.owner === owner)
    const tasks = theirs.flatMap((s) => s.steps.flatMap(({ step }) => (step.op === 'task' ? [{ story: s, step }] : [])))
    const completes = (story: Story, ref: string) =>
      story.steps.findIndex(({ step }) => step.op === 'complete' && step.ref === ref)
    const open = tasks.filter(({ story, step }) => completes(story, step.ref) < 0)
    if (open.some(({ step }) => step.due.getTime() > firstStart.getTime())) continue
    const pick = open[0] ?? tasks.at(-1)
    if (!pick) continue
    const done = completes(pick.story, pick.step.ref)
    if (done >= 0) pick.story.steps.splice(done, 1)
    pick.step.due = future(1, 21)
  }

  // Flags on carriers nobody works yet: red flags, out of business (the census said so).
  const flagged = salesList.filter(() => random.chance(0.012))
  // At any size, at least two: one of each.
  for (const i of salesList.slice(-2)) if (flagged.length < 2 && !flagged.includes(i)) flagged.push(i)
  for (const [k, i] of flagged.entries()) {
    stories.push({
      key: `flag-${i}`,
      carrier: i,
      owner: 'manager',
      divisionId: 15,
      steps: [
        k % 2 === 0
          ? { at: at(random.pick(days)), step: { op: 'redFlag', note: random.pick(redFlagNotes) } }
          : { at: at(random.pick(days)), step: { op: 'outOfBusiness', note: 'Census shows the authority revoked.' } },
      ],
    })
  }

  const customers: LogisticsCustomer[] = Array.from({ length: Math.max(4, Math.round(36 * scale)) }, (_, i) => {
    const start = random.int(0, days.length - 20)
    const statusId = random.weighted([
      [3, 45],
      [2, 25],
      [1, 20],
      [8, 10],
    ] as const)
    const loads = statusId === 3 || statusId === 8 ? random.int(3, 9) : statusId === 2 ? random.int(0, 2) : 0
    const c = carriers[(i * 37) % n]!
    return {
      key: `customer-${i}`,
      owner: random.chance(0.6) ? 'logRep' : 'logManager',
      at: at(days[start]!),
      name: `${random.pick(shipperNames)} ${random.pick(['Foods', 'Supply', 'Materials', 'Paper', 'Steel', 'Produce', 'Plastics'])} ${random.pick(suffixes)} ${i + 1}`,
      statusId,
      state: c.state,
      city: c.city,
      trucks: 0,
      loads: Array.from({ length: loads }, () => {
        const d = random.pick(days.slice(start + 1))
        const from = random.pick(lanes)
        const to = random.pick(lanes.filter((l) => l !== from))
        return {
          at: at(d),
          pickUp: new Date(midnight + (d + random.int(1, 6)) * DAY).toISOString().slice(0, 10),
          from,
          to,
          pay: random.int(9, 48) * 100 + (random.int(0, 99) / 100) * 100,
          product: random.pick(['Canned goods', 'Lumber', 'Steel coils', 'Frozen poultry', 'Paper rolls', 'Resin']),
        }
      }),
    }
  })

  // A few of Truck Sales' carriers are dealers; at least three at any size.
  const dealerCount = Math.max(3, Math.round(24 * scale))
  const picked = trucksList.filter(() => random.chance(0.06))
  const dealers = [...picked, ...trucksList.filter((i) => !picked.includes(i))].slice(0, dealerCount).map((i, k) => ({
    key: `dealer-${k}`,
    at: at(random.pick(days)),
    category: (k % 3 === 0 ? 5 : 4) as 4 | 5,
    carrier: {
      ...carriers[i]!,
      name: `${carriers[i]!.city} ${random.pick(['Truck Center', 'Truck & Trailer', 'Fleet Sales', 'Equipment Finance'])} ${k + 1}`,
      dotNumber: '',
      mcNumber: null,
      businessPhone: `(575) 555-01${String(k % 100).padStart(2, '0')}`,
    },
  }))

  const expenseUsers = ['rep1', 'rep2', 'rep3', 'manager', 'cfRep', 'logRep', 'trucks']
  // The Expenses screen opens on the caller's current month: everyone's first two are in it (today at the
  // latest), the rest anywhere in the quarter.
  const month = new Date(firstStart).toISOString().slice(0, 7)
  const thisMonth = days.filter((d) => new Date(midnight + d * DAY).toISOString().startsWith(month))
  const expenses = expenseUsers.flatMap((by) =>
    Array.from({ length: Math.max(1, Math.round(7 * scale)) }, (_, k) => {
      const categoryId = random.int(1, 7)
      return {
        key: `expense-${by}-${k}`,
        by,
        at: at(random.pick(k < 2 ? (thisMonth.length > 0 ? thisMonth : [0]) : days)),
        amount: Math.round((random.int(12, 420) + random.int(0, 99) / 100) * 100) / 100,
        categoryId,
        note: random.pick([
          'Lunch with owner',
          'Fuel to the terminal visit',
          'Trade show parking',
          'Hotel, fleet visit',
          'Client coffee',
          'Printing rate sheets',
        ]),
        receipt: random.chance(0.6),
      }
    }),
  )

  const applications = Array.from({ length: Math.max(6, Math.round(45 * scale)) }, (_, k) => {
    const source = (['website', 'cps', 'cef'] as const)[k % 3]!
    const d = random.pick(days.slice(0, -1))
    const carrier = carriers[(k * 53 + 11) % n]!
    const path = random.weighted([
      [[], 20],
      [[2], 20],
      [[2, 3], 12],
      [[2, 3, 7], 12],
      [[2, 5], 8],
      [[2, 4], 12],
      [[4], 6],
      [[6], 5],
      [[2, 3, 5, 7], 5],
    ] as const)
    let day = d
    const statuses = path.map((statusId) => {
      day = dayAfter(day, random.int(1, 4))
      return { at: at(day), statusId }
    })
    return {
      key: `application-${k}`,
      source,
      at: at(d),
      carrier,
      statuses,
      complete: path.some((s) => s === 3 || s === 5 || s === 7),
      analyst: source === 'cps' && path.length > 0,
      merge: random.chance(0.5),
      amount: random.int(40, 260) * 1000,
    }
  })

  const templates: DemoPlan['templates'] = [
    { key: 'intro', by: 'manager', scope: 'division', name: 'First contact', subject: 'Financing for {{contact.name}}', body: '<p>Hello {{contact.ownerName}},</p><p>We finance tractors and trailers for carriers your size. Could we talk this week?</p><p><a href="https://www.example.com/rates">Our current rates</a></p>' },
    { key: 'quote', by: 'manager', scope: 'division', name: 'Lease quote', subject: 'Your lease quote, {{contact.name}}', body: '<p>Hi {{contact.ownerName}},</p><p>As promised, the quote for the equipment we discussed. <a href="https://www.example.com/quote">See the terms</a>.</p>' },
    { key: 'followup', by: 'rep1', scope: 'personal', name: 'After the call', subject: 'Good talking today', body: '<p>Thanks for your time today. The credit application takes ten minutes: <a href="https://www.example.com/apply">apply here</a>.</p>' },
    { key: 'finance', by: 'cfManager', scope: 'division', name: 'Working capital', subject: 'Working capital for {{contact.name}}', body: '<p>Fuel advances and factoring for {{contact.name}}. <a href="https://www.example.com/factoring">How it works</a>.</p>' },
  ] // prettier-ignore

  return { options, quarterStart, carriers, imports, stories, customers, dealers, expenses, applications, templates }
}

const redFlagNotes = [
  'Check bounced on the last lease payment',
  'Insurance lapsed per the census',
  'Owner asked not to be called again',
  'Disputed invoice with our logistics team',
]
const shipperNames = [
  'Great Plains',
  'Coastal',
  'Midwest',
  'Summit',
  'Valley',
  'Northern',
  'Southern',
  'Atlas',
  'Union',
]
const suffixes = ['LLC', 'Inc', 'Co']
const lanes: [string, number][] = [
  ['Houston', 45],
  ['Chicago', 15],
  ['Atlanta', 12],
  ['Dallas', 45],
  ['Memphis', 44],
  ['Columbus', 37],
  ['Denver', 7],
  ['Phoenix', 4],
  ['Laredo', 45],
  ['Los Angeles', 6],
]

const answeredNotes = [
  'Owner interested in two used tractors; wants a 48-month lease and rates by Friday.',
  'Runs 12 trucks, lease renewals due in spring. Asked for a call back after the quarter closes.',
  'Talked to dispatch; owner on the road. Owner prefers texts.',
  'Buying a reefer trailer this year; has a quote from another lender.',
  'Wants factoring for two brokers that pay in 60 days.',
  'Happy with current lender, open to a better rate on the next truck.',
  'New authority, six months in business: too early for most programs.',
  'Needs a trailer by next month; sent the credit application link.',
]
const referralNotes = [
  'Called the owner; factoring set up for two brokers.',
  'Sent the working capital terms; owner signed.',
  'Owner only needed a fuel card; handled.',
  'Talked it through: not a fit for a line right now.',
]
const callSubjects = ['Intro call', 'Follow-up call', 'Rate discussion', 'Checking in', 'Call about the quote']
const taskTitles = [
  'Call back about the lease quote',
  'Send equipment lease quote',
  'Walk through the credit application',
  'Check factoring terms with the owner',
  'Follow up on the trailer purchase',
  'Confirm fleet size and lenders',
]

const fates = [
  ['lead', 30],
  ['prospect', 24],
  ['account', 14],
  ['contractLost', 3],
  ['giveUp', 8],
  ['dead', 6],
  ['notQualified', 5],
  ['bucket', 3],
  ['inactive', 3],
  ['attempts', 4],
  ['unassignedProspect', 3],
  ['prospectLost', 4],
] as const
type Fate = (typeof fates)[number][0]

/** A carrier's quarter, by fate (drawn unless `fate` names it): still a lead, won, lost, given up. */
function salesStory(
  random: Random,
  ctx: {
    fate: Fate | undefined
    owner: string
    divisionId: number
    carrier: DemoCarrier
    days: number[]
    at: (d: number, hour?: number, minute?: number) => Date
    future: (d: number, hour: number) => Date
    dayAfter: (d: number, n: number) => number
    latestDay: number
  },
): Timed[] {
  const { at, days, dayAfter, carrier } = ctx
  const steps: Timed[] = []
  if (days.length < 3) return steps
  let d = days[random.int(0, Math.max(0, days.length - 3))]!
  const push = (step: Step, when = at(d)) => steps.push({ at: when, step })
  const next = (min: number, max: number) => {
    d = dayAfter(d, random.int(min, max))
  }
  const drawn = random.weighted(fates)
  const fate = ctx.fate ?? drawn
  const attempts = fate === 'giveUp' ? random.int(3, 5) : random.int(0, 2)
  for (let i = 0; i < attempts; i++) {
    push({ op: 'call', outcome: 'Attempted', duration: 0, subject: 'Left a voicemail', notes: null })
    next(1, 3)
  }
  if (fate === 'giveUp') {
    push({ op: 'giveUp', reason: random.pick(giveUpReasons.slice(0, 5)) })
    return steps
  }
  if (fate === 'attempts') return steps
  push({
    op: 'call',
    outcome: 'Answered',
    duration: random.int(90, 1500),
    subject: random.pick(callSubjects),
    notes: random.pick(answeredNotes),
  })
  if (fate === 'dead' || fate === 'notQualified') {
    next(0, 4)
    const notes = fate === 'dead' ? 'Sold the trucks; leaving the business.' : 'Leases only new equipment; not a fit.'
    push({ op: fate, notes })
    return steps
  }
  if (random.chance(0.5))
    push({
      op: 'activity',
      type: ActivityType.TextMessage,
      subject: 'Texted the owner',
      notes: 'Sent my direct line and the application link.',
    })
  if (random.chance(0.35))
    push({
      op: 'email',
      template: random.pick(['intro', 'quote', null]),
      subject: 'Financing for your fleet',
      body: '<p>Good talking today. <a href="https://www.example.com/rates">Our rates</a>.</p>',
      click: random.chance(0.4),
    })
  if (random.chance(0.3))
    push({
      op: 'note',
      subject: 'Fleet',
      note: `${carrier.trucks} power units, ${carrier.cargo.toLowerCase()}; owner ${carrier.ownerName}.`,
    })
  // A task worked: completed on time or late, with a follow-up the product opens.
  const taskCount = random.int(1, 2)
  for (let t = 0; t < taskCount; t++) {
    const ref = `task${t}`
    const dueDay = dayAfter(d, random.int(1, 4))
    push({
      op: 'task',
      ref,
      title: random.pick(taskTitles),
      due: at(dueDay, 22, 0),
      type: random.pick([
        ActivityType.OutgoingCall,
        ActivityType.OutgoingCall,
        ActivityType.Email,
        ActivityType.Meeting,
      ]),
      priority: random.chance(0.2) ? 1 : 0,
      reminder: random.pick([null, 30, 60]),
    })
    const lastTask = t === taskCount - 1
    // The last task of a carrier still in play stays open: on schedule this week, or past due.
    if (lastTask && (fate === 'lead' || fate === 'prospect') && random.chance(0.6)) {
      // Half of those are due in the days ahead (on schedule), the rest are by now past due.
      const open = steps.at(-1)!.step as Extract<Step, { op: 'task' }>
      if (random.chance(0.5)) open.due = ctx.future(random.int(0, 4), random.int(20, 22))
      break
    }
    d = dayAfter(dueDay, random.chance(0.25) ? random.int(1, 3) : 0)
    push({
      op: 'complete',
      ref,
      // Every completion names a next step, and the product opens its follow-up task (on schedule or by now past due).
      nextStep: random.pick([TaskNextStep.FollowUp, TaskNextStep.InSevenDays, TaskNextStep.Tomorrow]),
      notes: random.pick(answeredNotes),
      call: random.chance(0.6) ? { duration: random.int(60, 900) } : null,
    })
  }
  if (random.chance(0.25))
    push({
      op: 'comment',
      note: random.pick([
        'Good fit for the spring program.',
        'Ask Carmen about factoring for them.',
        'Owner speaks Spanish; Sam can help.',
      ]),
    })
  if (fate === 'bucket' || fate === 'inactive') {
    next(1, 5)
    steps.push({
      at: at(d),
      by: ctx.divisionId === 15 ? 'manager' : ctx.divisionId === 2 ? 'cfManager' : 'trucks',
      step: { op: 'status', statusId: fate === 'bucket' ? 4 : 5 },
    })
    return steps
  }
  if (fate === 'lead') return steps
  next(1, 6)
  if (fate === 'unassignedProspect') {
    // Qualified, but the rep hands it to the division's pool for whoever has room.
    push({ op: 'unassignedProspect', grade: random.pick([108, 109, 110]), prospectSource: random.int(1, 7) })
    return steps
  }
  push({
    op: 'prospect',
    effortLevel: carrier.trucks > 75 ? 122 : carrier.trucks > 35 ? 123 : 124,
    grade: random.pick([108, 109, 110]),
    prospectSource: random.int(1, 7),
  })
  const stage = fate === 'prospect' ? random.int(1, 5) : random.int(3, 5)
  const amount = random.int(3, 60) * 5000
  const closeDay = random.int(-10, 60)
  push({
    op: 'opportunity',
    ref: 'opp',
    name: random.pick([
      'Two tractors',
      'Reefer trailer',
      'Fleet refinance',
      'Working capital line',
      'Day cab lease',
      'Flatbed purchase',
    ]),
    stage: fate === 'prospect' ? Math.max(1, stage - 1) : 2,
    probability: 20,
    type: random.int(1, 4),
    amount,
    close: new Date(ctx.future(ctx.latestDay + closeDay, 12)).toISOString().slice(0, 10),
  })
  // A meeting: in the past, or on the calendar this week.
  if (random.chance(0.4)) {
    if (random.chance(0.35)) {
      const start = ctx.future(random.int(1, 5), random.int(14, 21))
      push({
        op: 'meeting',
        subject: `Meeting with ${carrier.ownerName}`,
        start,
        minutes: 60,
        location: `${carrier.city}, ${carrier.state}`,
      })
    } else {
      push(
        { op: 'meeting', subject: `Site visit: ${carrier.name}`, start: at(d), minutes: 45, location: carrier.street1 },
        at(d, 13, 0),
      )
      push({
        op: 'activity',
        type: ActivityType.Meeting,
        subject: 'Met the owner at the yard',
        notes: 'Walked the fleet; two units due for replacement.',
      })
    }
  }
  if (ctx.divisionId === 15 && (random.chance(0.3) || ctx.fate !== undefined)) {
    next(0, 3)
    const attentionTo = random.chance(0.7) ? 'cfRep' : 'cfManager'
    push({
      op: 'referral',
      ref: 'ref',
      divisionId: 2,
      attentionTo,
      subject: 'Needs working capital too',
      grade: random.pick([108, 109, 110]),
    })
    // Worked by Commercial Finance: a quarter still Open, the rest Completed (the referral's task done), and
    // most of those paid to the referring side. A referral has no other outcome (docs/product.md, Referral).
    const drawnOutcome = random.weighted([
      ['open', 25],
      ['completed', 30],
      ['paid', 45],
    ] as const)
    // The first stories (planDemo) show one paid, one completed and one still open at any size.
    const forced = { account: 'paid', prospectLost: 'open', contractLost: 'completed' } as const
    const outcome =
      (ctx.fate && ctx.fate in forced ? forced[ctx.fate as keyof typeof forced] : undefined) ?? drawnOutcome
    if (outcome !== 'open') {
      next(1, 5)
      steps.push({
        at: at(d),
        by: attentionTo,
        step: { op: 'referralDone', ref: 'ref', notes: random.pick(referralNotes) },
      })
    }
    if (outcome === 'paid') {
      next(2, 8)
      steps.push({
        at: at(d),
        by: 'cfManager',
        step: { op: 'referralPaid', ref: 'ref', amount: random.int(2, 12) * 50 },
      })
    }
  }
  next(2, 8)
  if (fate === 'prospect') {
    push({ op: 'opportunityStage', ref: 'opp', stage, probability: stage * 15 })
    return steps
  }
  if (fate === 'prospectLost') {
    // The deal went elsewhere before it was signed: the manager moves the prospect to Inactive, to be won again.
    push({ op: 'opportunityStage', ref: 'opp', stage: 7, probability: 0 })
    next(1, 4)
    steps.push({
      at: at(d),
      by: ctx.divisionId === 15 ? 'manager' : ctx.divisionId === 2 ? 'cfManager' : 'trucks',
      step: { op: 'status', statusId: 5 },
    })
    return steps
  }
  push({ op: 'opportunityStage', ref: 'opp', stage: 5, probability: 80 })
  next(1, 6)
  push({
    op: 'account',
    // An account's profile says what kind of company it is (Account insights): one truck is an owner operator.
    companyTypeId: carrier.trucks <= 1 ? 2 : 1,
    // From the carrier's number, not the generator: a third paid off, the rest owing, a fifth of those late.
    currentBalance: carrier.index % 3 === 0 ? 0 : ((carrier.index * 7919) % 90) * 1000 + 4500,
    daysLate: carrier.index % 3 !== 0 && carrier.index % 5 === 0 ? 15 + (carrier.index % 60) : 0,
    accountSource: random.int(1, 5),
    nationalityId: random.weighted([
      [1, 70],
      [2, 15],
      [3, 8],
      [4, 4],
      [5, 3],
    ] as const),
  })
  push({ op: 'opportunityStage', ref: 'opp', stage: random.chance(0.85) ? 6 : 7, probability: 100 })
  // The executive calls the owners of Sales' largest new accounts herself: her dashboard's tasks, due this week
  // (from the carrier's number, not the generator, so the rest of the floor stays as it was).
  if (ctx.divisionId === 15 && (carrier.trucks > 35 || ctx.fate !== undefined)) {
    steps.push({
      at: at(d),
      by: 'exec',
      step: {
        op: 'task',
        ref: 'review',
        title: `Welcome call: ${carrier.name}`,
        due: ctx.future(carrier.index % 5, 20),
        type: ActivityType.OutgoingCall,
        priority: 1,
        reminder: null,
      },
    })
  }
  if (fate === 'contractLost') {
    next(3, 10)
    push({
      op: 'contractLost',
      reason: random.pick(contractLostReasons.slice(0, 5)),
      notes: 'Refinanced with their bank.',
      followUp: ctx
        .future(ctx.latestDay + random.int(30, 120), 12)
        .toISOString()
        .slice(0, 10),
    })
  }
  return steps
}
