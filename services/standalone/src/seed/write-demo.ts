import { NextStep, creditApplicationPath, type CreditApplicationReceived, type LeadImportStarted } from '@crm/contracts'
import { registeredUserId } from '@crm/command-api'
import {
  START,
  pinTime,
  waitForPosition,
  type EventStore,
  type Database,
  type HttpApp,
  type Logger,
  type StoredEvent,
} from '@crm/platform'
import { allProjections } from '@crm/projector'
import { sql } from 'kysely'
import { DEMO_PASSWORD, demoUsers } from './demo-data'
import { leadCsv, type DemoCarrier } from './demo-carriers'
import { planDemo, type DemoOptions, type DemoPlan, type Step, type Story } from './demo-plan'

export interface DemoTarget {
  app: HttpApp
  store: EventStore
  database: Database
  logger: Logger
  admin: { email: string; password: string }
  intakeKeys: Partial<Record<'website' | 'cps' | 'cef', string | undefined>>
}

/** What the demo wrote, by kind (the log line at the end, and the counts test). */
export type DemoCounts = Record<string, number>

const DAY = 86_400_000
/**
 * Commands in flight at once, where they touch different streams (stories: one carrier each; customers, expenses,
 * applications: one record each). The embedded database answers one statement at a time, so more only queue;
 * a few keep it busy while the process decides, hashes and logs the next ones.
 */
const PARALLEL = 6
/** A one-pixel PNG: the receipts' image. */
const RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * Writes the demo of demo-plan.ts through the product's own commands (app.inject, as the web app sends them),
 * each at its time in the quarter (atTime: the command side records that time, so histories, reports, the
 * audit and time travel spread over the quarter), under fixed idempotency keys. `progress` hears each phase.
 */
export async function writeDemo(
  target: DemoTarget,
  options: DemoOptions,
  progress: (phase: string, done: number, total: number) => void = () => undefined,
): Promise<DemoCounts> {
  const plan = planDemo(options)
  const counts: DemoCounts = {}
  const count = (kind: string, by = 1) => (counts[kind] = (counts[kind] ?? 0) + by)
  const prefix = `demo${options.seed}`
  const { app } = target

  const userId = (key: string) => {
    if (key === 'admin') return registeredUserId(target.admin.email)
    const user = demoUsers.find((u) => u.key === key)
    if (!user) throw new Error(`No demo user ${key}`)
    return registeredUserId(user.email)
  }
  /** A phase of the demo, timed: its log line says how long it took (README, "The demo", has the figures). */
  const phase = async (name: string, work: () => Promise<unknown>) => {
    const began = performance.now()
    await work()
    const seconds = Math.round((performance.now() - began) / 100) / 10
    target.logger.info({ phase: name, seconds }, `demo: ${name} done in ${seconds} s`)
  }
  const tokens = new Map<string, string>()
  await phase('people logged in', async () => {
    // Logging in reads the users' read model: it has the people seedIdentity just registered.
    const head = await target.store.headPosition()
    if (head) await waitForPosition(target.database.db, ['users'], head, 30_000)
    const people = [
      ...demoUsers.map((u) => ({ key: u.key, email: u.email, password: DEMO_PASSWORD })),
      { key: 'admin', ...target.admin },
    ]
    await inPool(people, PARALLEL, async (user) => {
      tokens.set(user.key, await logIn(app, user))
    })
  })

  /**
   * One command as a user, at a time of the quarter, under the demo's fixed key for it: sent again (a start that
   * carries on), it appends nothing and answers as the first time. A refusal stops the demo (a bug in the plan).
   */
  const send = <T = { id: string }>(
    by: string,
    at: Date,
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload: object | Buffer,
    key: string,
    headers: Record<string, string> = {},
  ): Promise<T> =>
    callApi<T>(app, `(${key}) as ${by}`, {
      method,
      url,
      token: tokens.get(by),
      key: `${prefix}:${key}`,
      headers,
      payload,
      at,
    })

  // Expectations (Day Rating), then the lead imports with their assignments.
  await phase('Day Rating targets', () =>
    inPool(
      demoUsers.filter((u) => u.expectations),
      PARALLEL,
      (user) =>
        send(
          'admin',
          plan.quarterStart,
          'PATCH',
          `/users/${userId(user.key)}`,
          { expectations: user.expectations },
          `expectations-${user.key}`,
        ),
    ),
  )
  const startedImports = await importsStarted(target.store)
  // The four lists are uploaded together (different carriers: the imports never meet); the import windows
  // show their progress, and so does the log.
  await phase(`${plan.imports.length} lead imports`, () =>
    inPool(plan.imports, plan.imports.length, async (imp) => {
      const csv = leadCsv(
        imp.carriers.map((c) => plan.carriers[c]!),
        imp.source,
      )
      const jobId = await upload(imp.by, imp.at, `${imp.key}.csv`, csv)
      await waitForImport(imp.by, jobId, (percent) =>
        progress(
          `importing carriers (${imp.source})`,
          Math.round((imp.carriers.length * percent) / 100),
          imp.carriers.length,
        ),
      )
      count('leadImports')
    }),
  )
  // The contacts the imports made, from their events: nothing waits for the lists' read models.
  const contactOf = await importedContacts(target.store, plan.carriers)
  count('carriers', contactOf.size)
  const assignments = plan.imports.flatMap((imp) =>
    Object.entries(imp.assign).flatMap(([owner, list]) =>
      Array.from({ length: Math.ceil(list.length / 500) }, (_, b) => ({ imp, owner, list, k: b * 500 })),
    ),
  )
  await phase('assignments', () =>
    // Each carrier goes to one owner: the assignments touch different contacts.
    inPool(assignments, PARALLEL, async ({ imp, owner, list, k }) => {
      const idsToAssign = list
        .slice(k, k + 500)
        .map((c) => contactOf.get(c)!)
        .filter(Boolean)
      await send(
        'exec',
        new Date(imp.at.getTime() + 30 * 60_000),
        'POST',
        '/contacts/assignUser',
        { model: { assigned: userId(owner) }, ids: idsToAssign, divisionId: imp.divisionId },
        `assign-${imp.key}-${owner}-${k}`,
      )
      count('assigned', idsToAssign.length)
    }),
  )

  // Email templates (the stories' emails use them).
  const templateIds = new Map<string, string>()
  await phase('email templates', () =>
    inPool(plan.templates, PARALLEL, async (t) => {
      const by = demoUsers.find((u) => u.key === t.by)!
      const body = {
        name: t.name,
        subject: t.subject,
        body: t.body,
        scope: t.scope,
        ...(t.scope === 'division' && { divisionId: by.divisionId }),
      }
      templateIds.set(
        t.key,
        (await send(t.by, plan.quarterStart, 'POST', '/emails/templates', body, `template-${t.key}`)).id,
      )
      count('emailTemplates')
    }),
  )

  // The stories: each carrier's quarter in order, several carriers at once.
  const clicks: string[] = []
  let done = 0
  const stories = plan.stories
  const runStory = async (story: Story) => {
    const contactId = contactOf.get(story.carrier)
    if (!contactId) return
    const refs = new Map<string, string>()
    for (const [i, { at, by, step }] of story.steps.entries()) {
      const who = by ?? story.owner
      const key = `${story.key}-${i}`
      await runStep(who, at, step, key, contactId, story, refs)
    }
  }
  const runStep = async (
    who: string,
    at: Date,
    step: Step,
    key: string,
    contactId: string,
    story: Story,
    refs: Map<string, string>,
  ) => {
    const divisionId = story.divisionId
    switch (step.op) {
      case 'call':
        await send(
          who,
          at,
          'POST',
          '/activity',
          {
            contactId,
            divisionId,
            activityType: 10009,
            subject: step.subject,
            notes: step.notes,
            callData: { duration: step.duration, outcome: step.outcome },
            occurredAt: at.toISOString(),
          },
          key,
        )
        return void count(step.outcome === 'Answered' ? 'callsAnswered' : 'callsAttempted')
      case 'activity':
        await send(
          who,
          at,
          'POST',
          '/activity',
          {
            contactId,
            divisionId,
            activityType: step.type,
            subject: step.subject,
            notes: step.notes,
            occurredAt: at.toISOString(),
          },
          key,
        )
        return void count(step.type === 10011 ? 'texts' : step.type === 10013 ? 'meetingActivities' : 'activities')
      case 'task': {
        const task = await send(
          who,
          at,
          'POST',
          '/task',
          {
            title: step.title,
            contactId,
            divisionId,
            dueDate: step.due.toISOString(),
            activityType: step.type,
            priority: step.priority,
            reminder: step.reminder,
          },
          key,
        )
        refs.set(step.ref, task.id)
        return void count('tasks')
      }
      case 'complete':
        await send(
          who,
          at,
          'POST',
          `/task/complete/${refs.get(step.ref)}`,
          {
            nextStep: step.nextStep,
            notes: step.notes,
            ...(step.call && { callData: { duration: step.call.duration, outcome: 'Answered' } }),
          },
          key,
        )
        return void count('tasksCompleted')
      case 'meeting':
        await send(
          who,
          at,
          'POST',
          '/events',
          {
            contactId,
            subject: step.subject,
            meetingStart: step.start.toISOString(),
            meetingEnd: new Date(step.start.getTime() + step.minutes * 60_000).toISOString(),
            location: step.location,
          },
          key,
        )
        return void count('meetings')
      case 'note':
        await send(
          who,
          at,
          'POST',
          '/activity/shared-notes',
          { contactId, divisionId, subject: step.subject, note: step.note },
          key,
        )
        return void count('sharedNotes')
      case 'comment':
        await send(who, at, 'POST', '/activity/comments', { contactId, divisionId, note: step.note }, key)
        return void count('comments')
      case 'prospect':
        await send(
          who,
          at,
          'POST',
          '/contacts/convertContact',
          {
            contactId,
            divisionId,
            statusId: 2,
            effortLevel: step.effortLevel,
            grade: step.grade,
            prospectSource: step.prospectSource,
          },
          key,
        )
        return void count('toProspect')
      case 'unassignedProspect':
        await send(
          who,
          at,
          'POST',
          '/contacts/convert-un-prospect',
          { contactId, divisionId, grade: step.grade, prospectSource: step.prospectSource },
          key,
        )
        return void count('toUnassignedProspect')
      case 'account': {
        await send(
          who,
          at,
          'POST',
          '/contacts/convertContact',
          { contactId, divisionId, statusId: 3, accountSource: step.accountSource, nationalityId: step.nationalityId },
          key,
        )
        const { companyTypeId, currentBalance, daysLate } = step
        // Collection facts are a manager's to set (the division's manager keeps the account's balance).
        const keeper = ({ 15: 'manager', 2: 'cfManager', 4: 'trucks' } as Record<number, string>)[divisionId] ?? who
        const profile = { companyTypeId, currentBalance, daysLate }
        await send(keeper, at, 'PATCH', `/contacts/${contactId}`, profile, `${key}-type`)
        return void count('toAccount')
      }
      case 'status':
        await send(who, at, 'POST', '/contacts/status-change', { contactId, divisionId, statusId: step.statusId }, key)
        return void count(`status${step.statusId}`)
      case 'giveUp':
        await send(who, at, 'POST', '/contact-give-up', { contactId, divisionId, giveUpReason: step.reason }, key)
        return void count('givenUp')
      case 'dead':
        await send(who, at, 'POST', '/contact-dead', { contactId, divisionId, notes: step.notes }, key)
        return void count('dead')
      case 'notQualified':
        await send(who, at, 'POST', '/contact-not-qualified', { contactId, divisionId, notes: step.notes }, key)
        return void count('notQualified')
      case 'contractLost':
        await send(
          who,
          at,
          'POST',
          '/contract-lost',
          {
            contactId,
            divisionId,
            dateLost: at.toISOString().slice(0, 10),
            lostReason: step.reason,
            notes: step.notes,
            dateToFollowUp: step.followUp,
          },
          key,
        )
        return void count('contractLost')
      case 'redFlag':
        await send(who, at, 'POST', '/contacts/createContactsRedFlags', { contactId, divisionId, note: step.note }, key)
        return void count('redFlags')
      case 'outOfBusiness':
        await send(
          who,
          at,
          'POST',
          '/contacts/createOutOfBusiness',
          { contactId, outOfBusiness: true, note: step.note },
          key,
        )
        return void count('outOfBusiness')
      case 'opportunity': {
        const { ref: _ref, op: _op, close, name, ...rest } = step
        const opportunity = await send(
          who,
          at,
          'POST',
          '/opportunities',
          {
            contactId,
            opportunityName: name,
            prospectStage: rest.stage,
            probability: rest.probability,
            opportunityType: rest.type,
            amount: rest.amount,
            expectedCloseDate: close,
          },
          key,
        )
        refs.set(step.ref, opportunity.id)
        return void count('opportunities')
      }
      case 'opportunityStage':
        await send(
          who,
          at,
          'PATCH',
          `/opportunities/${refs.get(step.ref)}`,
          { prospectStage: step.stage, probability: step.probability },
          key,
        )
        return void count('opportunityChanges')
      case 'referral': {
        const referral = await send<{ id: string; taskId: string }>(
          who,
          at,
          'POST',
          '/referral',
          {
            contactId,
            divisionId: step.divisionId,
            subject: step.subject,
            effort_level: 123,
            grade: step.grade,
            attention_to: userId(step.attentionTo),
          },
          key,
        )
        refs.set(step.ref, referral.id)
        refs.set(`${step.ref}-task`, referral.taskId)
        return void count('referrals')
      }
      case 'referralDone':
        await send(
          who,
          at,
          'POST',
          `/task/complete/${refs.get(`${step.ref}-task`)}`,
          { nextStep: NextStep.FollowUp, notes: step.notes },
          key,
        )
        return void count('referralsCompleted')
      case 'referralPaid':
        await send(
          who,
          at,
          'PATCH',
          `/referral/mark-as-read/${refs.get(step.ref)}`,
          {
            paymentDate: at.toISOString(),
            paymentAmount: step.amount,
            payee: demoUsers.find((u) => u.key === story.owner)!.name,
          },
          key,
        )
        return void count('referralsPaid')
      case 'email': {
        // A division's templates serve that division; a personal one its author.
        const template = plan.templates.find(
          (t) =>
            t.key === step.template &&
            (t.scope === 'personal' ? t.by === who : demoUsers.find((u) => u.key === t.by)!.divisionId === divisionId),
        )
        const templateId = template ? templateIds.get(template.key) : undefined
        const sent = await send(
          who,
          at,
          'POST',
          '/emails/send-email',
          {
            contactId,
            templateId: templateId ?? null,
            subject: template?.subject ?? step.subject,
            body: template?.body ?? step.body,
          },
          key,
        )
        if (step.click) clicks.push(sent.id)
        return void count('emailsSent')
      }
      case 'scheduleEmail':
        await send(
          who,
          at,
          'POST',
          '/emails/schedule-email',
          { contactId, subject: step.subject, body: step.body, sendingTime: step.sendAt.toISOString() },
          key,
        )
        return void count('emailsScheduled')
    }
  }
  const steps = stories.reduce((n, s) => n + s.steps.length, 0)
  await phase(`${stories.length} carriers' quarters of work (${steps} commands)`, () =>
    inPool(stories, PARALLEL, async (story) => {
      await runStory(story)
      // A line about every tenth of the way.
      if (++done % Math.max(1, Math.ceil(stories.length / 10)) === 0 || done === stories.length)
        progress('writing the quarter of work, carriers', done, stories.length)
    }),
  )
  count('stories', stories.length)

  // Scheduled emails (next week), and clicks on some sent ones (the tracked link in the outbox's copy).
  const scheduledFor = plan.stories.filter((s) => s.divisionId === 15 && contactOf.has(s.carrier)).slice(0, 6)
  await phase('scheduled emails, clicks and a marketing send', async () => {
    await inPool(scheduledFor, PARALLEL, async (s, k) => {
      const sendAt = new Date(options.firstStart.getTime() + (k + 2) * DAY)
      await send(
        s.owner,
        options.firstStart,
        'POST',
        '/emails/schedule-email',
        {
          contactId: contactOf.get(s.carrier),
          subject: 'Checking in next week',
          body: '<p>Just checking whether the quote still works for you.</p>',
          sendingTime: sendAt.toISOString(),
        },
        `scheduled-${k}`,
      )
      count('emailsScheduled')
    })
    count('emailClicks', await clickSome(clicks))
    // A marketing send of the Sales manager's first-contact template to her team's worked carriers (today's).
    const intro = plan.templates.find((t) => t.key === 'intro')!
    const recipients = plan.stories
      .filter((s) => s.divisionId === 15 && contactOf.has(s.carrier))
      .slice(0, 40)
      .map((s) => contactOf.get(s.carrier)!)
    if (recipients.length > 0) {
      await send(
        'manager',
        options.firstStart,
        'POST',
        '/emails/marketing-sends',
        { contactIds: recipients, templateId: templateIds.get(intro.key), subject: intro.subject, body: intro.body },
        'marketing-intro',
      )
      count('marketingSends')
    }
  })

  progress('customers, dealers, expenses, credit applications', 0, 1)
  // Logistics customers and their loads (a customer's loads after it, customers side by side).
  await phase('logistics customers and loads', () => inPool(plan.customers, PARALLEL, writeCustomer))
  async function writeCustomer(c: DemoPlan['customers'][number]) {
    const customer = await send(
      c.owner,
      c.at,
      'POST',
      '/customers-logistic',
      {
        name: c.name,
        organizationTypeId: 3,
        contactCategory: 3,
        statusId: c.statusId,
        assigned: userId(c.owner),
        address: { city: c.city, state: c.state, country: 'US' },
        email: `shipping.${c.key}@example.com`,
        businessPhone: `(585) 555-01${c.key.replace(/\D/g, '').slice(-2).padStart(2, '0')}`,
      },
      c.key,
    )
    count('logisticsCustomers')
    for (const [k, load] of c.loads.entries()) {
      await send(
        c.owner,
        load.at,
        'POST',
        '/customers-logistic-loads',
        {
          contactId: customer.id,
          originCity: load.from[0],
          originStateId: load.from[1],
          destinationCity: load.to[0],
          destinationStateId: load.to[1],
          pickUpDate: load.pickUp,
          loadPay: load.pay,
          product: load.product,
          weight: 20_000 + k * 1_500,
        },
        `${c.key}-load-${k}`,
      )
      count('loads')
    }
  }

  await phase('dealers', () => inPool(plan.dealers, PARALLEL, writeDealer))
  async function writeDealer(d: DemoPlan['dealers'][number]) {
    const c = d.carrier
    await send(
      'trucks',
      d.at,
      'POST',
      '/ts-dealers',
      {
        name: c.name,
        businessPhone: c.businessPhone,
        ownerName: c.ownerName,
        email: `sales.${d.key}@example.com`,
        contactCategory: d.category,
        organizationTypeId: 3,
        address: { street1: c.street1, city: c.city, state: c.state, zip: c.zip, country: 'US' },
      },
      d.key,
    )
    count('dealers')
  }

  // An expense filed by a stopped start has claimed its receipt, and a receipt is checked before the command is
  // known as a repeat: those already filed (by their command ids) are not sent again.
  const filedExpenses = new Set<string>()
  await eachEvent(target.store, ['ExpenseFiled'], (e) => filedExpenses.add(e.metadata.commandId))
  await phase('expenses', () => inPool(plan.expenses, PARALLEL, writeExpense))
  async function writeExpense(e: DemoPlan['expenses'][number]) {
    if (filedExpenses.has(`${userId(e.by)}:${prefix}:${e.key}`)) {
      if (e.receipt) count('receipts')
      return void count('expenses')
    }
    let receiptKey: string | null = null
    if (e.receipt) {
      const boundary = `----demo${e.key}`
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="receipt.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        RECEIPT,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      receiptKey = (
        await send<{ key: string }>(e.by, e.at, 'POST', '/expenses/upload-receipt', body, `${e.key}-receipt`, {
          'content-type': `multipart/form-data; boundary=${boundary}`,
        })
      ).key
      count('receipts')
    }
    await send(
      e.by,
      e.at,
      'POST',
      '/expenses',
      {
        expense: e.amount,
        expenseDate: e.at.toISOString().slice(0, 10),
        categoryId: e.categoryId,
        note: e.note,
        receiptKey,
      },
      e.key,
    )
    count('expenses')
  }

  // The intake takes no idempotency key (a source system files an application once): those a stopped start
  // already filed are found by source, DOT number and filing time, and not filed again.
  const filed = await filedApplications(target.store)
  await phase('credit applications', () => inPool(plan.applications, PARALLEL, writeApplication))
  async function writeApplication(a: DemoPlan['applications'][number], k: number) {
    const c = a.carrier
    const id = filed.get(applicationKey(a.source, c.dotNumber, a.at)) ?? (await fileApplication(a, k)).id
    count('creditApplications')
    const path = `/${creditApplicationPath(a.source)}/${id}`
    const worker = a.source === 'cps' ? 'credit' : 'admin'
    if (a.analyst)
      await send('admin', a.at, 'POST', `${path}/assign-analyst`, { analystId: userId('credit') }, `${a.key}-analyst`)
    if (a.merge) {
      const contactId = [...contactOf.entries()].find(([index]) => plan.carriers[index]!.dotNumber === c.dotNumber)?.[1]
      if (contactId) {
        await send('admin', a.at, 'POST', `${path}/merge-with-contact`, { contactId }, `${a.key}-merge`)
        count('creditApplicationsMerged')
      }
    }
    for (const [s, status] of a.statuses.entries()) {
      if (
        a.complete &&
        [3, 5, 7].includes(status.statusId) &&
        !a.statuses.slice(0, s).some((x) => [3, 5, 7].includes(x.statusId))
      ) {
        await send(worker, status.at, 'POST', `${path}/complete`, {}, `${a.key}-complete`)
      }
      await send(
        worker,
        status.at,
        'POST',
        `${path}/status`,
        { statusId: status.statusId, note: null },
        `${a.key}-status-${s}`,
      )
    }
  }

  /** Files an application as its source system does (the intake key), at its time of the quarter. */
  function fileApplication(a: DemoPlan['applications'][number], k: number) {
    const c = a.carrier
    const [first, last] = c.ownerName.split(' ')
    return callApi<{ id: string }>(app, `credit application ${a.key}`, {
      method: 'POST',
      url: `/${creditApplicationPath(a.source)}`,
      headers: { 'x-api-key': target.intakeKeys[a.source] ?? '' },
      at: a.at,
      payload: {
        applicationType: k % 4 === 0 ? 'lease' : 'loan',
        applicantFirstName: first,
        applicantLastName: last,
        applicantPhone: c.businessPhone,
        applicantEmail: c.email,
        // 987-65-4320 to 987-65-4329: the range set aside for advertisements, never anyone's number.
        applicantSsn: `987-65-432${k % 10}`,
        applicantDateOfBirth: `19${60 + (k % 35)}-0${1 + (k % 9)}-1${k % 9}`,
        businessName: c.name,
        businessDotNumber: c.dotNumber,
        businessPhone: c.businessPhone,
        businessEmail: c.email,
        businessCity: c.city,
        businessState: c.state,
        businessZip: c.zip,
        businessNumberOfTrucks: c.trucks,
        eqYear: 2018 + (k % 7),
        eqMake: ['Freightliner', 'Peterbilt', 'Kenworth', 'Volvo', 'International'][k % 5],
        eqModel: ['Cascadia', '579', 'T680', 'VNL 860', 'LT'][k % 5],
        eqPrice: a.amount + 20_000,
        eqDownPayment: 20_000,
        eqAmountFinanced: a.amount,
      },
    })
  }

  // Once, at the end: every read model has the demo (the screens, reports and dashboards show all of it).
  await phase('read models caught up', async () => {
    const position = await target.store.headPosition()
    if (position)
      await waitForPosition(
        target.database.db,
        allProjections.map((p) => p.name),
        position,
        300_000,
      )
  })
  return counts

  /**
   * Uploads a list at its time, or, when a stopped start already did (the upload takes no idempotency key), answers
   * that import's job: the server resumes an unfinished import at start-up, and it is waited for like a new one.
   */
  async function upload(by: string, at: Date, fileName: string, csv: string): Promise<string> {
    const started = startedImports.get(importKey(userId(by), fileName, at))
    if (started) return started
    const boundary = `----demo${fileName.replace(/\W/g, '')}`
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const accepted = await send<{ jobId: string }>(
      by,
      at,
      'POST',
      '/contacts/upload-new-leads',
      body,
      `import-${fileName}`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    )
    return accepted.jobId
  }

  async function waitForImport(by: string, jobId: string, shown: (percent: number) => void) {
    const until = Date.now() + 300_000
    let lastShown = -1
    for (;;) {
      const status = await callApi<{ state: string; error?: string; progress?: number }>(app, `import ${jobId}`, {
        method: 'GET',
        url: `/jobs/lead-import/${jobId}`,
        token: tokens.get(by),
        // Until lead_imports has the upload, the job is not found.
        notYet: true,
      })
      if (!status) {
        if (Date.now() > until) throw new Error(`Demo import ${jobId} never showed`)
        await new Promise((resolve) => setTimeout(resolve, 100))
        continue
      }
      if (status.state === 'completed') return shown(100)
      // The log says it about every quarter of the way, like the import window's bar.
      const percent = status.progress ?? 0
      if (percent >= lastShown + 25) shown((lastShown = percent - (percent % 25)))
      if (status.state === 'failed' || status.state === 'cancelled')
        throw new Error(`Demo import ${jobId} ${status.state}: ${status.error}`)
      if (Date.now() > until) throw new Error(`Demo import ${jobId} still ${status.state}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** Clicks the tracked link of some sent messages, as their recipients would. */
  async function clickSome(messageIds: string[]): Promise<number> {
    if (messageIds.length === 0) return 0
    const { rows } = await sql<{
      body_html: string | null
    }>`select body_html from mail_outbox order by created_at, id`.execute(target.database.db)
    // Clicks are recorded each time: the ones a stopped start made (the first links, in the same order) are not
    // clicked again.
    let before = 0
    await eachEvent(target.store, ['EmailLinkClicked'], () => before++)
    let clicked = 0
    for (const row of rows) {
      if (clicked >= messageIds.length) break
      const match =
        /email-links\/click\/([A-Za-z0-9_.-]+)\?[^"]*redirectLink=([^"&]+)|click-link\/([A-Za-z0-9_.-]+)\?redirectLink=([^"&]+)/.exec(
          row.body_html ?? '',
        )
      if (!match) continue
      if (clicked < before) {
        clicked++
        continue
      }
      const token = match[1] ?? match[3]!
      const redirectLink = decodeURIComponent((match[2] ?? match[4]!).replace(/&amp;/g, '&'))
      // A link the product no longer takes (a suppressed address) is skipped: the recipient's click did nothing.
      const followed = await callApi(app, 'click', {
        method: 'POST',
        url: `/email-links/click/${token}`,
        payload: { redirectLink },
      }).then(
        () => true,
        () => false,
      )
      if (followed) clicked++
    }
    return clicked
  }
}

interface ApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT'
  /** Under /api/v1. */
  url: string
  token?: string
  /** The Idempotency-Key: the same key, the same command, appended once. */
  key?: string
  headers?: Record<string, string>
  payload?: object | Buffer
  /** The command clock's time for this call (decision 045); the wall clock without it. */
  at?: Date
  /** A 404 answers null instead of stopping the demo (a record its read model does not show yet). */
  notYet?: boolean
}

/**
 * Every call the demo makes, in-process as the web app sends it. An answer that is not a success stops the demo
 * with what the API said: the plan asked for something the product refuses, a bug to fix in the plan.
 */
export async function callApi<T = unknown>(
  app: HttpApp,
  what: string,
  call: ApiCall & { notYet: true },
): Promise<T | null>
export async function callApi<T = unknown>(app: HttpApp, what: string, call: ApiCall): Promise<T>
export async function callApi<T = unknown>(app: HttpApp, what: string, call: ApiCall): Promise<T | null> {
  const pin = call.at ? pinTime(call.at) : undefined
  const response = await app
    .inject({
      method: call.method,
      url: `/api/v1${call.url}`,
      headers: {
        ...(call.token && { authorization: `Bearer ${call.token}` }),
        ...(call.key && { 'idempotency-key': call.key }),
        ...call.headers,
        ...pin?.headers,
      },
      ...(call.payload !== undefined && { payload: call.payload }),
    })
    .finally(() => pin?.release())
  if (response.statusCode === 404 && call.notYet) return null
  if (response.statusCode >= 300)
    throw new Error(`Demo ${what}: ${call.method} ${call.url} answered ${response.statusCode} ${response.body}`)
  return (response.body ? response.json() : {}) as T
}

/** A person's access token. */
export async function logIn(app: HttpApp, user: { email: string; password: string }): Promise<string> {
  const answer = await callApi<{ token: string }>(app, `login of ${user.email}`, {
    method: 'POST',
    url: '/auth/login-user',
    payload: { email: user.email, password: user.password },
  })
  return answer.token
}

/** Reads every event of the given types, in order, a page at a time. */
async function eachEvent(store: EventStore, types: string[], visit: (event: StoredEvent) => void): Promise<void> {
  const page = 5_000
  for (let after = START; ;) {
    const events = await store.readAll({ after, limit: page, types })
    events.forEach(visit)
    if (events.length < page) return
    after = events.at(-1)!.position
  }
}

/** The contacts the lead imports made, by the carriers' DOT numbers, read from their events (the first of each). */
async function importedContacts(store: EventStore, carriers: DemoCarrier[]): Promise<Map<number, string>> {
  const byDot = new Map(carriers.map((c) => [c.dotNumber, c.index]))
  const out = new Map<number, string>()
  await eachEvent(store, ['ContactCreated'], ({ data }) => {
    const { contactId, dotNumber, imported } = data as { contactId: string; dotNumber?: string; imported?: unknown }
    const index = imported && dotNumber ? byDot.get(dotNumber) : undefined
    if (index !== undefined && !out.has(index)) out.set(index, contactId)
  })
  return out
}

const importKey = (userId: string, fileName: string, at: Date) => `${userId} ${fileName} ${at.toISOString()}`
/** Lead imports already started, by uploader, file name and import date: their job ids (what the upload answered). */
async function importsStarted(store: EventStore): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  await eachEvent(store, ['LeadImportStarted'], ({ data }) => {
    const d = data as LeadImportStarted['data']
    // The job id the upload answered: the uploader's id, then the upload's (command-api's leadImportJobId).
    out.set(importKey(d.userId, d.fileName, new Date(d.importDate)), `${d.userId}.${d.uploadId}`)
  })
  return out
}

const applicationKey = (source: string, dotNumber: string, at: Date) => `${source} ${dotNumber} ${at.toISOString()}`
/** Credit applications already filed, by source, business DOT number and filing time: their ids. */
async function filedApplications(store: EventStore): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  await eachEvent(store, ['CreditApplicationReceived'], ({ data, metadata }) => {
    const d = data as CreditApplicationReceived['data']
    const dot = d.fields.businessDotNumber
    if (dot) out.set(applicationKey(d.source, String(dot), new Date(metadata.occurredAt)), d.applicationId)
  })
  return out
}

/**
 * Runs `work` on every item, `width` at a time, each worker taking the next item when it is done. The first
 * failure stops the workers from taking more, and is thrown.
 */
async function inPool<T>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        await work(items[index]!, index)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker))
}

export { planDemo, type DemoOptions, type DemoPlan }
