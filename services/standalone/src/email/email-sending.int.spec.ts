import {
  ActivityType,
  emailMessages,
  marketingMessages,
  type CampaignRow,
  type EmailHistoryRow,
  type Paged,
} from '@crm/contracts'
import { createDatabase, createJobQueue, type Database } from '@crm/platform'
import { simpleParser, type ParsedMail } from 'mailparser'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpInbox } from '../identity/smtp-inbox'
import { startEmailStack, type EmailActor, type EmailStack } from './email-stack'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Mail that arrives: a real SMTP server on loopback and a real parser. The stack runs on a PGlite directory
 * that a second stack opens after the first stops, as a restart does.
 */
describe('sending email to a contact over SMTP', () => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
  let dir: string
  let database: Database | undefined
  let s: EmailStack | undefined
  let rep: EmailActor
  let contactId: string
  let otherId: string
  let firstMail: ParsedMail
  /** A mail of its own for the links opened without scripts. */
  const mesa: { contactId: string; token: string; mail?: ParsedMail } = { contactId: '', token: '' }

  const start = async () => {
    database = await createDatabase({ dataDir: path.join(dir, 'db') })
    s = await startEmailStack({ database, jobs: createJobQueue({}), smtpUrl: inbox.url, dataDir: dir })
    rep = await s.actor('Sam Sender', ['call'])
    return s
  }
  const stop = async () => {
    await s?.close()
    await database?.close()
    s = undefined
    database = undefined
  }
  const history = async (query = '') =>
    ((await rep.get(`/emails/history?contactId=${contactId}${query}`)).json() as Paged<EmailHistoryRow>).rows
  const parsed = async (to: string): Promise<ParsedMail[]> =>
    Promise.all(inbox.received.filter((m) => m.to.includes(to)).map((m) => simpleParser(m.raw)))
  const waitUntil = async (check: () => Promise<boolean>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out')
      await sleep(100)
    }
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    dir = await mkdtemp(path.join(tmpdir(), 'crm-email-send-'))
    await start()
    expect((await rep.patch('/users/me', { signature: 'Sam Sender\nFleet Finance' })).statusCode).toBe(200)
    const created = await rep.post('/contacts', {
      name: 'Lone Star Haulers',
      organizationTypeId: 7,
      email: 'dispatch@lonestar.example',
      ownerName: 'Dana Diaz',
      dotNumber: '1234567',
    })
    expect(created.statusCode, created.body).toBe(201)
    contactId = created.json().id as string
    const other = await rep.post('/contacts', {
      name: 'Prairie Freight',
      organizationTypeId: 7,
      email: 'office@prairie.example',
      ownerName: 'Pat Prairie',
      dotNumber: '7654321',
    })
    expect(other.statusCode, other.body).toBe(201)
    otherId = other.json().id as string
  }, 300_000)
  afterAll(async () => {
    await stop()
    await inbox?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('sends at once with merge fields, the signature, both parts, a Message-ID and the sender as reply-to', async () => {
    const response = await rep.post('/emails/send-email', {
      contactId,
      subject: 'Financing for {{contact.name}}',
      body: '<p>Hello {{contact.ownerName}}, about DOT {{contact.dotNumber}}. <a href="https://rates.example/q?a=1&amp;b=2">Rates</a></p>',
    })
    expect(response.statusCode, response.body).toBe(201)
    const raw = await inbox.waitFor('dispatch@lonestar.example', 60_000)
    const mail = await simpleParser(raw.raw)
    expect(mail.subject).toBe('Financing for Lone Star Haulers')
    expect(mail.html).toContain('Hello Dana Diaz, about DOT 1234567.')
    expect(mail.html).toContain('Sam Sender<br>Fleet Finance')
    expect(mail.text).toContain('Hello Dana Diaz, about DOT 1234567.')
    expect(mail.text).toContain('Fleet Finance')
    expect(mail.messageId).toBe(`<${response.json().id}@fleet-sales.example>`)
    expect(mail.replyTo?.text).toBe('sam.sender@example.com')
    expect(mail.from?.value[0]).toEqual({ name: 'Sam Sender', address: 'crm@fleet-sales.example' })
    expect(raw.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    // Only what the product honours: the https one-click address (no mailbox reads unsubscribe mail).
    expect(raw.raw).toMatch(/List-Unsubscribe:\s+<http[^>]+\/api\/v1\/email-links\/unsubscribe\/[\w.-]+>\r?\n(?![ \t])/)
    expect(raw.raw).not.toMatch(/mailto:/i)
    firstMail = mail

    await waitUntil(async () => (await history()).some((r) => r.status === 'sent'))
    const timeline = await rep.get(`/activity/activities-by-contact/${contactId}`)
    expect(timeline.body).toContain('Financing for Lone Star Haulers')
    expect(timeline.body).toContain(String(ActivityType.Email))
  })

  it('redirects a tracked link only to its own URL, records the click, and unsubscribes with one POST', async () => {
    const html = String(firstMail.html)
    const tracked = /href="([^"]*\/api-email\/click-link\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')
    const url = new URL(tracked)
    const token = url.pathname.split('/').pop()!
    expect(url.searchParams.get('redirectLink')).toBe('https://rates.example/q?a=1&b=2')
    const click = (redirectLink: string) =>
      s!.app.inject({ method: 'POST', url: `/api/v1/email-links/click/${token}`, payload: { redirectLink } })
    const clicked = await click('https://rates.example/q?a=1&b=2')
    expect(clicked.statusCode, clicked.body).toBe(200)
    expect(clicked.json()).toEqual({ url: 'https://rates.example/q?a=1&b=2' })
    expect((await click('https://evil.example/')).statusCode).toBe(404)
    // docs/product.md 7 names it POST /emails/add-click: the token in the body, the same answers and record.
    const addClick = (redirectLink: string, linkToken = token) =>
      s!.app.inject({ method: 'POST', url: '/api/v1/emails/add-click', payload: { token: linkToken, redirectLink } })
    const added = await addClick('https://rates.example/q?a=1&b=2')
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toEqual({ url: 'https://rates.example/q?a=1&b=2' })
    expect((await addClick('https://evil.example/')).statusCode).toBe(404)
    expect((await addClick('https://rates.example/q?a=1&b=2', `${token.slice(0, -2)}xx`)).statusCode).toBe(404)
    const noToken = await s!.app.inject({
      method: 'POST',
      url: '/api/v1/emails/add-click',
      payload: { redirectLink: 'https://rates.example/q?a=1&b=2' },
    })
    expect(noToken.statusCode).toBe(400)
    expect(Object.keys(noToken.json().errors)).toEqual(['token'])
    // A token for another message, or a made-up one, opens nothing.
    expect(
      (await s!.app.inject({ method: 'GET', url: `/api/v1/email-links/${token.slice(0, -2)}xx` })).statusCode,
    ).toBe(404)

    const page = await s!.app.inject({ method: 'GET', url: `/api/v1/email-links/${token}` })
    expect(page.json()).toEqual({ email: 'dispatch@lonestar.example', unsubscribed: false, reportedAbuse: false })
    const oneClick = await s!.app.inject({
      method: 'POST',
      url: `/api/v1/email-links/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode, oneClick.body).toBe(200)
    expect(oneClick.json()).toEqual({ message: emailMessages.unsubscribed })
    expect((await s!.app.inject({ method: 'GET', url: `/api/v1/email-links/${token}` })).json()).toMatchObject({
      unsubscribed: true,
    })
    await waitUntil(async () => (await history()).some((r) => r.unsubscribed && r.clicks === 2))
    await waitUntil(async () => (await rep.get(`/emails/suppression/${contactId}`)).json().suppressed === true)
    expect((await rep.get(`/emails/suppression/${contactId}`)).json()).toMatchObject({
      address: 'dispatch@lonestar.example',
      reason: 'unsubscribed',
    })
  })

  it('shows the unsubscribe page when the List-Unsubscribe address is opened; a GET never unsubscribes', async () => {
    const created = await rep.post('/contacts', {
      name: 'Mesa Movers',
      organizationTypeId: 7,
      email: 'ops@mesa.example',
    })
    expect(created.statusCode, created.body).toBe(201)
    mesa.contactId = created.json().id as string
    const sent = await rep.post('/emails/send-email', {
      contactId: mesa.contactId,
      subject: 'Mesa yard rates',
      body: '<p><a href="https://rates.example/mesa?x=1&amp;y=2">Rates</a>, <a href="https://maps.example/yard">yard</a></p>',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const raw = (await inbox.waitFor('ops@mesa.example', 60_000)).raw
    mesa.mail = await simpleParser(raw)
    // Opened in a browser, or by a mail program without one-click: the page, where the recipient confirms.
    const oneClick = new URL(/List-Unsubscribe:\s+<([^>]+)>/.exec(raw)![1]!)
    mesa.token = oneClick.pathname.split('/').pop()!
    const opened = await s!.app.inject({ method: 'GET', url: oneClick.pathname })
    expect([opened.statusCode, opened.headers.location]).toEqual([303, `/api-email/unsubscribe/${mesa.token}`])
    const view = await s!.app.inject({ method: 'GET', url: `/api/v1/email-links/${mesa.token}` })
    expect(view.json()).toMatchObject({ email: 'ops@mesa.example', unsubscribed: false })
  })

  it('opens a tracked link without scripts: the click is recorded and the link opened, only a link of the mail', async () => {
    const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => s!.app.inject({ method, url })
    const mesaRow = async () =>
      ((await rep.get(`/emails/history?contactId=${mesa.contactId}`)).json() as Paged<EmailHistoryRow>).rows[0]
    const tracked = [...String(mesa.mail!.html).matchAll(/href="([^"]*\/api-email\/click-link\/[^"]+)"/g)].map(
      (m) => new URL(m[1]!.replace(/&amp;/g, '&')),
    )
    expect(tracked.map((u) => u.searchParams.get('redirectLink'))).toEqual([
      'https://rates.example/mesa?x=1&y=2',
      'https://maps.example/yard',
    ])
    const [rates, yard] = tracked.map((u) => `${u.pathname}${u.search}`)
    const followed = await get(rates!)
    expect([followed.statusCode, followed.headers.location]).toEqual([302, 'https://rates.example/mesa?x=1&y=2'])
    // A link checker's HEAD is answered alike and records nothing.
    const checked = await get(rates!, 'HEAD')
    expect([checked.statusCode, checked.headers.location]).toEqual([302, 'https://rates.example/mesa?x=1&y=2'])
    expect((await get(yard!)).headers.location).toBe('https://maps.example/yard')
    // Never an open redirect: another URL, a made-up token, no link at all go to the page that says so.
    const elsewhere = new URL(tracked[0]!)
    elsewhere.searchParams.set('redirectLink', 'https://evil.example/')
    for (const url of [
      `${elsewhere.pathname}${elsewhere.search}`,
      rates!.replace(mesa.token, `${mesa.token.slice(0, -2)}xx`),
      `/api-email/click-link/${mesa.token}`,
      `/api-email/click-link/${mesa.token}?redirectLink=${'x'.repeat(4001)}`,
    ]) {
      const refused = await get(url)
      expect([refused.statusCode, refused.headers.location], url.slice(0, 80)).toEqual([
        303,
        '/api-email/link-not-valid',
      ])
    }
    // Two clicks recorded (the HEAD's not), and the address still subscribed.
    await waitUntil(async () => ((await mesaRow())?.clicks ?? 0) >= 2)
    expect(await mesaRow()).toMatchObject({ clicks: 2, unsubscribed: false })
  })

  it('skips the unsubscribed address in a later marketing send, and mails the others once each', async () => {
    const noMail = (await rep.post('/contacts', { name: 'Silent Carriers', organizationTypeId: 7 })).json().id
    const before = (await parsed('dispatch@lonestar.example')).length
    const started = await rep.post('/emails/marketing-sends', {
      contactIds: [contactId, otherId, noMail, otherId],
      subject: 'Spring rates for {{contact.name}}',
      body: '<p>Hello {{contact.ownerName}}, our spring rates are out.</p>',
    })
    expect(started.statusCode, started.body).toBe(202)
    const campaignId = started.json().id as string
    const campaign = async () => (await rep.get(`/emails/marketing-sends/${campaignId}`)).json() as CampaignRow
    await waitUntil(async () => (await campaign()).sent === 1)
    expect(await campaign()).toMatchObject({
      state: 'queued',
      total: 3,
      processed: 3,
      queued: 1,
      skipped: 1,
      noEmail: 1,
      unavailable: 0,
      sent: 1,
      failed: 0,
    })
    const mail = (await parsed('office@prairie.example')).find((m) => m.subject === 'Spring rates for Prairie Freight')
    expect(mail?.html).toContain('Hello Pat Prairie, our spring rates are out.')
    expect(inbox.received.find((m) => m.raw.includes('Subject: Spring rates for Prairie'))?.raw).toContain(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    )
    await sleep(1000)
    expect((await parsed('office@prairie.example')).filter((m) => m.subject?.startsWith('Spring'))).toHaveLength(1)
    expect((await parsed('dispatch@lonestar.example')).length).toBe(before)
    const marketing = ((await rep.get('/emails/history?type=marketing')).json() as Paged<EmailHistoryRow>).rows
    expect(marketing.map((r) => r.recipient)).toEqual(['office@prairie.example'])
  })

  it('asks before a direct email to an unsubscribed address, and sends it once confirmed', async () => {
    const draft = { contactId, subject: 'About your account', body: '<p>One question.</p>' }
    const refused = await rep.post('/emails/send-email', draft)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().title).toBe(marketingMessages.suppressedRefused)
    const confirmed = await rep.post('/emails/send-email', { ...draft, confirmSuppressed: true })
    expect(confirmed.statusCode, confirmed.body).toBe(201)
    await waitUntil(async () =>
      (await parsed('dispatch@lonestar.example')).some((m) => m.subject === 'About your account'),
    )
  })

  it('refuses a contact without an email address', async () => {
    const created = await rep.post('/contacts', { name: 'No Mail Freight', organizationTypeId: 7 })
    const response = await rep.post('/emails/send-email', {
      contactId: created.json().id,
      subject: 'Hi',
      body: '<p>Hi</p>',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().title).toBe(emailMessages.enterEmailFirst)
  })

  it('sends a scheduled email once, at its time, after a restart in between; a cancelled one never', async () => {
    const sendingTime = new Date(Date.now() + 6_000).toISOString()
    const scheduled = await rep.post('/emails/schedule-email', {
      contactId: otherId,
      subject: 'Follow up {{contact.name}}',
      body: '<p>Checking in with {{contact.ownerName}} about DOT {{contact.dotNumber}}.</p>',
      sendingTime,
    })
    expect(scheduled.statusCode, scheduled.body).toBe(201)
    const cancelled = await rep.post('/emails/schedule-email', {
      contactId: otherId,
      subject: 'Never sent',
      body: '<p>No.</p>',
      sendingTime,
    })
    const cancel = await rep.post(`/emails/cancel-email/${cancelled.json().id}`)
    expect(cancel.statusCode, cancel.body).toBe(200)
    const otherHistory = async (query = '') =>
      ((await rep.get(`/emails/history?contactId=${otherId}${query}`)).json() as Paged<EmailHistoryRow>).rows
    expect((await otherHistory('&status=scheduled')).map((r) => r.subject)).toEqual(['Follow up Prairie Freight'])

    await stop()
    await start()
    await waitUntil(async () => (await parsed('office@prairie.example')).some((m) => m.subject?.startsWith('Follow')))
    const arrivedAt = Date.now()
    expect(arrivedAt).toBeGreaterThanOrEqual(Date.parse(sendingTime))
    // A sweep later still sends nothing twice.
    await sleep(1500)
    const mails = await parsed('office@prairie.example')
    const followUps = mails.filter((m) => m.subject === 'Follow up Prairie Freight')
    expect(followUps).toHaveLength(1)
    expect(mails.map((m) => m.subject)).not.toContain('Never sent')
    // What arrived: merge fields filled, the signature, and the unsubscribe headers.
    const [arrived] = followUps
    expect(arrived!.html).toContain('Checking in with Pat Prairie about DOT 7654321.')
    expect(arrived!.html).toContain('Sam Sender<br>Fleet Finance')
    const raw = inbox.received.find((m) => m.raw.includes('Subject: Follow up Prairie Freight'))!.raw
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(raw).toMatch(/List-Unsubscribe:\s+<http[^>]+\/api\/v1\/email-links\/unsubscribe\/[\w.-]+>\r?\n(?![ \t])/)
    await waitUntil(async () =>
      (await otherHistory()).some((r) => r.subject.startsWith('Follow') && r.status === 'sent'),
    )
    expect((await otherHistory()).find((r) => r.subject === 'Never sent')?.status).toBe('cancelled')
    expect((await rep.post(`/emails/cancel-email/${scheduled.json().id}`)).statusCode).toBe(422)
  }, 300_000)
})
