import { callMessages, type CallLogInfo, type CallLogPage, type IncomingCall, type TimelinePage } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCallsStack, signInAtFake, type CallActor, type CallsStack } from './calls-stack'

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.each(databaseTargets())('incoming calls and the call log through a fake RingCentral on $name', (target) => {
  let s: CallsStack
  let rep: CallActor
  let otherRep: CallActor

  const connect = async (as: CallActor) => {
    const { authorizeUrl } = (await as.post('/users/rc-authorize')).json() as { authorizeUrl: string }
    const login = await as.post('/users/rc-login', await signInAtFake(authorizeUrl))
    expect(login.statusCode, login.body).toBe(200)
  }
  const incoming = async (as: CallActor) => (await as.get('/click-to-call/incoming-calls')).json() as IncomingCall[]
  const webhook = (query: string, headers: Record<string, string>, payload?: object) =>
    fetch(`${s.publicUrl}/api/v1/click-to-call/incoming-calls?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload ?? {}),
    })

  beforeAll(async () => {
    s = await createCallsStack(target, { subscriptionTtl: 3600 })
    rep = await s.actor('Ivy Incoming', ['call'])
    otherRep = await s.actor('Oren Other', ['call'])
    await connect(rep)
  }, 180_000)
  afterAll(() => s?.close())

  it('subscribes to the rep telephony sessions on connect, through the validation-token handshake', async () => {
    const subscription = await until(
      async () => s.fake.subscriptions.find((sub) => sub.address.includes(rep.userId)),
      (sub) => sub !== undefined,
    )
    expect(subscription).toMatchObject({
      eventFilters: ['/restapi/v1.0/account/~/extension/~/telephony/sessions'],
      address: `${s.publicUrl}/api/v1/click-to-call/incoming-calls?user=${rep.userId}`,
    })
    expect(subscription!.verificationToken).toMatch(/^[\w-]{40,}$/)
    // RingCentral's check: a JSON content type, no body, the token echoed in a small answer. Its limit is 1024
    // bytes, headers included; a proxy in front (deploy/nginx.conf) adds its own, so the app's stays well below.
    const checks = s.fake.validations.filter((check) => check.address === subscription!.address)
    expect(checks).toEqual([
      { address: subscription!.address, passed: true, status: 200, echoed: true, size: expect.any(Number) },
    ])
    expect(checks[0]!.size).toBeLessThan(640)
  })

  it('pops the caller: a number formatted differently matches the contact, only for the rep it rang', async () => {
    const contactId = await s.createContact(rep, { name: 'Ringing Freight', mobilePhone: '(312) 555-0123' })
    await s.createContact(otherRep, { name: 'Hidden Ringing Freight', businessPhone: '312-555-0123' })
    const telephonySessionId = 's-incoming-1'
    expect(
      await s.fake.ring({ from: '+13125550123', fromName: 'RINGING FRT', status: 'Setup', telephonySessionId }),
    ).toEqual([200])
    const [call] = await until(
      () => incoming(rep),
      (calls) => calls.length > 0,
    )
    expect(call).toMatchObject({
      fromNumber: '+13125550123',
      fromName: 'RINGING FRT',
      status: 'ringing',
      contacts: [{ id: contactId, name: 'Ringing Freight' }],
    })
    expect(await incoming(otherRep)).toEqual([])

    // Logging it before it was answered is refused; once answered it becomes an incoming-call activity.
    const save = { callId: call!.id, contactId, subject: 'Called us back', duration: 42, outcome: 'Answered' }
    const early = await rep.post('/click-to-call/set-call-with-activity', save)
    expect([early.statusCode, early.json().title]).toEqual([422, callMessages.callNotStarted])
    await s.fake.ring({ from: '+13125550123', status: 'Answered', telephonySessionId })
    await until(
      () => incoming(rep),
      (calls) => calls[0]?.status === 'answered',
    )
    expect((await otherRep.post('/click-to-call/set-call-with-activity', save)).statusCode).toBe(404)
    const saved = await rep.post('/click-to-call/set-call-with-activity', save)
    expect(saved.statusCode, saved.body).toBe(200)
    const timeline = (
      await rep.get(`/contact-activities-timeline/all?contactId=${contactId}&limit=10`)
    ).json() as TimelinePage
    expect(timeline.items).toMatchObject([{ subject: 'Called us back', activityType: 10010, callDuration: 42 }])
    await s.fake.ring({ from: '+13125550123', status: 'Disconnected', telephonySessionId })
    const [ended] = await until(
      () => incoming(rep),
      (calls) => calls[0]?.status === 'ended',
    )
    expect(ended).toMatchObject({ status: 'ended', contactId })
  })

  it('refuses a notification without the verification token made for the user it names', async () => {
    const before = await incoming(rep)
    const subscription = s.fake.subscriptions.find((sub) => sub.address.includes(rep.userId))!
    const forged = {
      subscriptionId: subscription.id,
      body: {
        telephonySessionId: 'forged',
        parties: [{ direction: 'Inbound', from: { phoneNumber: '+13125550123' }, status: { code: 'Setup' } }],
      },
    }
    expect((await webhook(`user=${rep.userId}`, {}, forged)).status).toBe(401)
    expect((await webhook(`user=${rep.userId}`, { 'verification-token': 'guessed' }, forged)).status).toBe(401)
    // Another user's token does not open this user's address.
    const theirs = `user=${otherRep.userId}`
    expect(
      (await webhook(`user=${rep.userId}`, { 'verification-token': subscription.verificationToken! }, forged)).status,
    ).toBe(200)
    expect((await webhook(theirs, { 'verification-token': subscription.verificationToken! }, forged)).status).toBe(401)
    // The handshake (a JSON content type, no body) only echoes its token.
    const handshake = await fetch(`${s.publicUrl}/api/v1/click-to-call/incoming-calls?user=${rep.userId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'validation-token': 'abc-123' },
    })
    expect([handshake.status, handshake.headers.get('validation-token')]).toEqual([200, 'abc-123'])
    // Other routes still refuse an empty JSON body.
    const empty = await fetch(`${s.publicUrl}/api/v1/click-to-call/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${rep.token}` },
    })
    expect([empty.status, ((await empty.json()) as { title: string }).title]).toEqual([400, 'Empty JSON body'])
    const after = await until(
      () => incoming(rep),
      (calls) => calls.length > before.length,
      1500,
    )
    // The one with the right token counted (it names the current subscription); no other did.
    expect(after.length).toBe(before.length + 1)
  })

  it('syncs the call log, matches an entry to its contact and plays its recording through the product', async () => {
    const contactId = await s.createContact(rep, { name: 'Logged Freight', businessPhone: '(469) 555-0150' })
    await fetch(`${s.fake.url}/fake/recording/rec-1`, { method: 'POST', body: 'ID3-fake-audio' })
    s.fake.callLog.push({
      id: 'log-1',
      sessionId: '1001',
      startTime: new Date(Date.now() - 60_000).toISOString(),
      duration: 125,
      type: 'Voice',
      direction: 'Outbound',
      action: 'RingOut PC',
      result: 'Call connected',
      from: { phoneNumber: '+13125550100' },
      to: { phoneNumber: '+1 469-555-0150', name: 'LOGGED FRT' },
      recording: { id: 'rec-1', uri: 'x', type: 'Automatic', contentUri: 'x' },
    })
    // The sync runs as a job at start-up (and every few minutes): a restart reads the log now.
    await s.restart()
    const page = await until(
      async () => (await rep.post('/click-to-call/log', { first: 0, limit: 10 })).json() as CallLogPage,
      (p) => p.items.some((i) => i.id === 'log-1'),
    )
    expect(page.items.find((i) => i.id === 'log-1')).toMatchObject({
      duration: 125,
      direction: 'Outbound',
      number: '+1 469-555-0150',
      hasRecording: true,
      contacts: [{ id: contactId, name: 'Logged Freight' }],
    })
    const info = (await rep.post('/click-to-call/log-info', { callLogId: 'log-1' })).json() as CallLogInfo
    expect(info).toMatchObject({ id: 'log-1', result: 'Call connected', toName: 'LOGGED FRT' })
    expect(JSON.stringify(info)).not.toMatch(/contentUri|token/i)
    const audio = await rep.post('/click-to-call/log-recording', { callLogId: 'log-1' })
    expect([audio.statusCode, audio.headers['content-type'], audio.body]).toEqual([200, 'audio/mpeg', 'ID3-fake-audio'])
    // Another user's log is not theirs to read or play.
    expect((await otherRep.post('/click-to-call/log-info', { callLogId: 'log-1' })).statusCode).toBe(404)
    expect((await otherRep.post('/click-to-call/log-recording', { callLogId: 'log-1' })).statusCode).toBe(404)
    expect(((await otherRep.post('/click-to-call/log', {})).json() as CallLogPage).total).toBe(0)
  })

  it('renews a subscription about to expire when the server starts again', async () => {
    // The fake grants an hour, within the day before expiry in which subscriptions are renewed.
    const subscription = s.fake.subscriptions.find((sub) => sub.address.includes(rep.userId))!
    const { renewals, expiresAt } = subscription
    await s.restart()
    await until(
      async () => subscription.renewals,
      (n) => n > renewals,
    )
    expect(subscription.expiresAt).toBeGreaterThan(expiresAt)
    expect(s.fake.subscriptions.filter((sub) => sub.address.includes(rep.userId))).toHaveLength(1)
  })
})
