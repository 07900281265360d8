import { httpClient, type HttpAnswer, type HttpClient } from '../http-client'
import { contactBody } from '../http-commands'
import { referralTargets, type FloorPerson } from './floor-people'

/** Where the floor sends its requests: the command and query APIs (one address for the standalone process). */
export interface FloorTarget {
  commandUrl: string
  queryUrl: string
  tokenFor(person: FloorPerson): Promise<string>
}

export interface ActionTimes {
  /** How long the person waited for each successful action, ms. */
  ms: number[]
  errors: number
  /** The first few unexpected answers, for the report. */
  samples: string[]
}

export interface FloorResult {
  actions: Map<string, ActionTimes>
  requests: number
  seconds: number
  /** Write answered → the activity shows in the contact's timeline (a prober of its own, every 2 s). */
  lagMs: number[]
  lagTimeouts: number
}

/** A rep's own contacts and open tasks, created through the API before the clock starts (the commands need them). */
interface Desk {
  contacts: { id: string; lead: boolean; called: boolean; referredTo: Set<number> }[]
  tasks: string[]
}

const CONTACTS_PER_REP = 12
const TASKS_PER_REP = 6
const CALL = 10009 // ActivityType.OutgoingCall
const TOMORROW = 10003 // TaskNextStep.Tomorrow
/** The lag prober's failures are reported as an action of their own. */
export const PROBE = 'lag prober: log a call, poll the timeline'

/**
 * What each role does, with its weight (the share of that person's actions). A rep works their leads: lists and
 * searches, contact pages, calls, tasks done with a next step, a Lead made a Prospect, a referral. Reps do not
 * export: exporting is executive work (docs/product.md 6), the analyst's here.
 */
export const mixes = {
  rep: {
    'rep: open My Leads (page of 50)': 18,
    "rep: the table's search box (All Contacts)": 8,
    'rep: top bar search': 8,
    'rep: open a contact page (14 GETs in parallel)': 24,
    'rep: log a call': 16,
    'rep: complete a task with a next step': 12,
    'rep: convert a Lead to Prospect': 6,
    'rep: refer to another division': 8,
  },
  manager: {
    'manager: my team and a rep’s tasks': 20,
    'manager: Unassigned Leads (page of 50)': 15,
    'manager: To Reassign (page of 50)': 10,
    'manager: open a contact page (14 GETs in parallel)': 15,
    'manager: sales metrics report': 15,
    'manager: follow-ups report': 10,
    'manager: opportunity dashboard': 5,
    'manager: audit of a rep’s day': 10,
  },
  analyst: {
    'analyst: sales metrics report (all divisions)': 30,
    'analyst: lead-to-account report': 20,
    'analyst: export a filtered list to Excel': 20,
    'analyst: export the day’s status changes (NDJSON)': 15,
    'analyst: All Contacts, a state filter': 15,
  },
} as const

const json = (v: unknown) => encodeURIComponent(JSON.stringify(v))
const today = () => new Date().toISOString().slice(0, 10)
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!
const words = ['lakes', 'rock', 'star', 'line', 'summit', 'eagle', '4321', '8765']
// Top bar texts: name fragments, a DOT number's first digits, a phone's area code and exchange as typed.
const quick = ['eagle fre', 'summit tru', 'prairie log', '10023', '(214) 55', 'coastal hau']
const states = ['TX', 'CA', 'FL', 'IL', 'OH', 'PA', 'GA']

/** Think time between two actions: 3 s plus an exponential of mean 4 s, at most 20 s (mean about 7 s). */
const thinkMs = () => Math.min(20_000, 3_000 + -Math.log(1 - Math.random()) * 4_000)

class Recorder {
  actions = new Map<string, ActionTimes>()
  requests = 0
  of(name: string): ActionTimes {
    let a = this.actions.get(name)
    if (!a) this.actions.set(name, (a = { ms: [], errors: 0, samples: [] }))
    return a
  }
  fail(name: string, what: string) {
    const a = this.of(name)
    a.errors++
    if (a.samples.length < 3) a.samples.push(what.slice(0, 300))
  }
}

class UnexpectedAnswer extends Error {}

/** One person's view of the API: every request counted, any answer but 2xx thrown. */
function personApi(target: FloorTarget, token: string, recorder: Recorder) {
  const commands = httpClient(target.commandUrl, 2, token)
  const queries = target.queryUrl === target.commandUrl ? commands : httpClient(target.queryUrl, 6, token)
  const send = async (
    client: HttpClient,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    recorder.requests++
    const answer = await client.request(method, `/api/v1${path}`, { body, headers })
    if (answer.status < 200 || answer.status >= 300)
      throw new UnexpectedAnswer(`${method} ${path.split('?')[0]}: ${answer.status} ${answer.body.slice(0, 200)}`)
    return answer
  }
  return {
    get: (path: string, headers?: Record<string, string>) => send(queries, 'GET', path, undefined, headers),
    post: (path: string, body: unknown) => send(commands, 'POST', path, body),
    close() {
      commands.close()
      if (queries !== commands) queries.close()
    },
  }
}
type PersonApi = ReturnType<typeof personApi>
const bodyOf = <T>(answer: HttpAnswer) => JSON.parse(answer.body) as T

/** The GETs a contact page sends at once (web/src/features/contacts/contact-page.tsx and its cards). */
function contactPage(api: PersonApi, id: string, divisionId: number) {
  const c = encodeURIComponent(id)
  return Promise.all([
    api.get(`/contacts/${c}`),
    api.get(`/contacts/history/${c}`),
    api.get(`/task/tasks-by-contact/${c}?timeZone=America%2FChicago`),
    api.get(`/referral/by-contact/${c}`),
    api.get(`/referral/is-referred?contactId=${c}&divisionId=${divisionId}`),
    api.get(`/opportunities/by-contact/${c}`),
    api.get(`/contact-activities-timeline/all?contactId=${c}&limit=10`),
    api.get(`/activity/shared-notes?contactId=${c}&limit=10&first=0`),
    api.get(`/activity/comments/by-contact/${c}`),
    api.get(`/contactsAdditional/contact/${c}`),
    api.get(`/contacts/legal-data?contactId=${c}`),
    api.get(`/contact-divisions/status-changes?contactId=${c}&limit=5`),
    api.get(`/contacts/getAllRedFlags/${c}`),
    api.get(`/contact-personal-notes?contactId=${c}`),
  ])
}

/** Creates each rep's contacts and tasks through the API (untimed), as the floor's working set. */
async function setUpDesk(api: PersonApi, person: FloorPerson): Promise<Desk> {
  const desk: Desk = { contacts: [], tasks: [] }
  for (let i = 0; i < CONTACTS_PER_REP; i++) {
    const n = 500_000_000 + person.n * 1000 + i
    const answer = await api.post('/contacts', { ...contactBody(n), divisionId: person.divisionId })
    desk.contacts.push({ id: bodyOf<{ id: string }>(answer).id, lead: true, called: false, referredTo: new Set() })
  }
  for (let i = 0; i < TASKS_PER_REP; i++) {
    const answer = await api.post('/task', {
      title: `Call back ${i}`,
      contactId: desk.contacts[i % CONTACTS_PER_REP]!.id,
      divisionId: person.divisionId,
      activityType: CALL,
      dueDate: new Date(Date.now() + 3_600_000).toISOString(),
    })
    desk.tasks.push(bodyOf<{ id: string }>(answer).id)
  }
  return desk
}

type Action = (api: PersonApi) => Promise<unknown>

function repActions(person: FloorPerson, desk: Desk, targets: Map<number, string>): Record<string, Action> {
  const mine = () => pick(desk.contacts)
  const logCall = (api: PersonApi, contact: Desk['contacts'][number]) =>
    api
      .post('/activity', {
        contactId: contact.id,
        divisionId: person.divisionId,
        activityType: CALL,
        subject: 'Called the owner',
        notes: 'Talked about their lanes and fleet size.',
        callData: { duration: 180, outcome: 'Answered' },
      })
      .then(() => (contact.called = true))
  return {
    'rep: open My Leads (page of 50)': (api) =>
      api.get(
        `/contact-lists/my-lead?options=${json({ pagination: { limit: 50, first: 0 }, sort: { field: 'name', direction: 'asc' } })}`,
      ),
    "rep: the table's search box (All Contacts)": (api) =>
      api.get(`/contacts?options=${json({ tableFilter: { global: pick(words) } })}`),
    'rep: top bar search': (api) => api.get(`/contacts/quick-search?q=${encodeURIComponent(pick(quick))}`),
    'rep: open a contact page (14 GETs in parallel)': (api) => contactPage(api, mine().id, person.divisionId),
    'rep: log a call': (api) => logCall(api, mine()),
    'rep: complete a task with a next step': async (api) => {
      const taskId = desk.tasks.shift()
      if (!taskId) return
      const answer = await api.post(`/task/complete/${taskId}`, {
        nextStep: TOMORROW,
        notes: 'Left a message, calling again tomorrow.',
        callData: { duration: 40, outcome: 'Attempted' },
        timeZone: 'America/Chicago',
      })
      const next = bodyOf<{ followUpTaskId?: string | null }>(answer).followUpTaskId
      if (next) desk.tasks.push(next)
    },
    'rep: convert a Lead to Prospect': async (api) => {
      const contact = desk.contacts.find((c) => c.lead && c.called)
      // Converting a Lead needs an activity first: the rep calls, as they would.
      if (!contact) return logCall(api, desk.contacts.find((c) => c.lead) ?? mine())
      contact.lead = false
      return api.post('/contacts/convertContact', {
        contactId: contact.id,
        divisionId: person.divisionId,
        statusId: 2,
        effortLevel: 122,
        grade: 108,
        prospectSource: 1,
      })
    },
    'rep: refer to another division': async (api) => {
      const contact = mine()
      const to = [...targets.keys()].find((d) => d !== person.divisionId && !contact.referredTo.has(d))
      if (to === undefined) return
      contact.referredTo.add(to)
      return api.post('/referral', {
        contactId: contact.id,
        divisionId: to,
        subject: 'Needs trailers financed',
        effort_level: 122,
        grade: 109,
        attention_to: targets.get(to),
        note: 'Owner asked about financing three trailers.',
        timeZone: 'America/Chicago',
      })
    },
  }
}

function managerActions(person: FloorPerson, team: FloorPerson[], desks: Map<number, Desk>): Record<string, Action> {
  const list = (name: string) => (api: PersonApi) =>
    api.get(
      `/contact-lists/${name}?options=${json({ pagination: { limit: 50, first: 0 }, sort: { field: 'name', direction: 'asc' } })}`,
    )
  const rep = () => (team.length ? pick(team) : undefined)
  return {
    'manager: my team and a rep’s tasks': (api) =>
      Promise.all([
        api.get('/users/my-team'),
        api.get(`/task/tasks-for-dashboard?timeZone=America%2FChicago&userId=${rep()?.userId ?? person.userId}`),
      ]),
    'manager: Unassigned Leads (page of 50)': list('unassigned-lead'),
    'manager: To Reassign (page of 50)': list('to-reassign'),
    'manager: open a contact page (14 GETs in parallel)': async (api) => {
      const r = rep()
      const desk = r && desks.get(r.n)
      if (!desk) return
      return contactPage(api, pick(desk.contacts).id, person.divisionId)
    },
    'manager: sales metrics report': (api) => api.get('/reports/sales-metric?range=2&utcOffset=-300'),
    'manager: follow-ups report': (api) =>
      api.get('/task/task-report?range=4&utcOffset=-360&kind=followUps&timeZone=America%2FChicago'),
    'manager: opportunity dashboard': (api) => {
      const year = new Date().getUTCFullYear()
      return api.get(
        `/dashboard-opportunity?divisionId=${person.divisionId}&userId=all&dateFrom=${year}-01-01&dateTo=${year}-12-31`,
      )
    },
    'manager: audit of a rep’s day': (api) =>
      api.get(`/audit?userId=${rep()?.userId ?? person.userId}&dateFrom=${today()}&dateTo=${today()}&utcOffset=0`),
  }
}

function analystActions(): Record<string, Action> {
  const month = (back: number) => {
    const d = new Date()
    d.setUTCMonth(d.getUTCMonth() - back)
    return d.toISOString().slice(0, 7)
  }
  return {
    'analyst: sales metrics report (all divisions)': (api) => api.get('/reports/sales-metric?range=3&utcOffset=-300'),
    'analyst: lead-to-account report': (api) =>
      api.get(`/reports/lead-to-account?monthFrom=${month(6)}&monthTo=${month(0)}`),
    // A list an analyst pulls: one state's Prospects of one division, sorted by trucks (a few hundred rows).
    'analyst: export a filtered list to Excel': (api) =>
      api.get(
        `/advanced-search/export?options=${json({
          sort: { field: 'numberOfTrucks', direction: 'desc' },
          filter: { divisionId: 15, statusId: 2, state: pick(states), numberOfTrucksFrom: 20 },
        })}`,
      ),
    'analyst: export the day’s status changes (NDJSON)': (api) =>
      api.get(`/events/export?types=ContactStatusChanged&streamPrefix=contact-&from=${today()}T00:00:00Z`),
    'analyst: All Contacts, a state filter': (api) =>
      api.get(
        `/contacts?options=${json({ pagination: { limit: 50, first: 0 }, sort: { field: 'name', direction: 'asc' }, filter: { state: pick(states) } })}`,
      ),
  }
}

function chooser(weights: Record<string, number>) {
  const entries = Object.entries(weights)
  const total = entries.reduce((s, [, w]) => s + w, 0)
  return () => {
    let r = Math.random() * total
    for (const [name, w] of entries) if ((r -= w) < 0) return name
    return entries[0]![0]
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The floor for `seconds`: every person a loop of think time and an action of their role, timed as they wait for
 * it; and one prober beside them measuring how long a logged call takes to show in the contact's timeline.
 */
export async function runFloor(
  target: FloorTarget,
  people: FloorPerson[],
  seconds: number,
  log: (line: string) => void,
): Promise<FloorResult> {
  const recorder = new Recorder()
  const apis = new Map<number, PersonApi>()
  for (const p of people) apis.set(p.n, personApi(target, await target.tokenFor(p), recorder))
  const desks = new Map<number, Desk>()
  const reps = people.filter((p) => p.role === 'rep')
  // Desks four at a time: setting up is not measured, and should not take minutes either.
  for (let i = 0; i < reps.length; i += 4) {
    await Promise.all(reps.slice(i, i + 4).map(async (p) => desks.set(p.n, await setUpDesk(apis.get(p.n)!, p))))
  }
  log(`sales floor: ${reps.length} desks of ${CONTACTS_PER_REP} contacts and ${TASKS_PER_REP} tasks created`)
  recorder.requests = 0
  const targets = referralTargets(people)
  const started = performance.now()
  const deadline = started + seconds * 1000
  const lag = { ms: [] as number[], timeouts: 0 }

  const loops = people.map(async (person) => {
    const api = apis.get(person.n)!
    const actions =
      person.role === 'rep'
        ? repActions(person, desks.get(person.n)!, targets)
        : person.role === 'manager'
          ? // Their own team only: a division's second manager may not read the first one's reps' tasks (403).
            managerActions(
              person,
              reps.filter((r) => r.managerId === person.userId),
              desks,
            )
          : analystActions()
    const next = chooser(mixes[person.role])
    // People arrive over the first think time, not all in the same second.
    await sleep(Math.random() * thinkMs())
    while (performance.now() < deadline) {
      const name = next()
      const t = performance.now()
      try {
        await actions[name]!(api)
        recorder.of(name).ms.push(performance.now() - t)
      } catch (error) {
        recorder.fail(name, error instanceof UnexpectedAnswer ? error.message : String(error))
      }
      await sleep(thinkMs())
    }
  })

  const prober = (async () => {
    const rep = reps[0]
    if (!rep) return
    const api = personApi(target, await target.tokenFor(rep), new Recorder())
    const contactId = desks.get(rep.n)!.contacts[0]!.id
    try {
      for (let i = 0; performance.now() < deadline; i++) {
        const subject = `Lag probe ${i}`
        // A failed probe is counted with the floor's errors, and the floor goes on.
        try {
          await api.post('/activity', {
            contactId,
            divisionId: rep.divisionId,
            activityType: CALL,
            subject,
            callData: { duration: 1, outcome: 'Attempted' },
          })
          const answered = performance.now()
          for (;;) {
            const timeline = await api.get(`/contact-activities-timeline/all?contactId=${contactId}&limit=10`)
            if (timeline.body.includes(subject)) {
              lag.ms.push(performance.now() - answered)
              break
            }
            if (performance.now() - answered > 30_000) {
              lag.timeouts++
              break
            }
            await sleep(20)
          }
        } catch (error) {
          recorder.fail(PROBE, error instanceof UnexpectedAnswer ? error.message : String(error))
        }
        await sleep(2_000)
      }
    } finally {
      api.close()
    }
  })()

  const progress = setInterval(() => {
    const done = [...recorder.actions.values()].reduce((s, a) => s + a.ms.length, 0)
    const errors = [...recorder.actions.values()].reduce((s, a) => s + a.errors, 0)
    log(`sales floor: ${Math.round((performance.now() - started) / 1000)} s, ${done} actions, ${errors} errors`)
  }, 60_000)
  await Promise.all([...loops, prober])
  clearInterval(progress)
  for (const api of apis.values()) api.close()
  return {
    actions: recorder.actions,
    requests: recorder.requests,
    seconds: (performance.now() - started) / 1000,
    lagMs: lag.ms,
    lagTimeouts: lag.timeouts,
  }
}
