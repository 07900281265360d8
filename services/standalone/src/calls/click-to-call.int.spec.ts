import { callMessages, type CallView, type RcSession, type TimelinePage } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCallsStack, signInAtFake, type CallActor, type CallsStack } from './calls-stack'

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.each(databaseTargets())('click-to-call through a fake RingCentral on $name', (target) => {
  let s: CallsStack
  let rep: CallActor
  let otherRep: CallActor
  let noCallRep: CallActor

  const session = async (as: CallActor) => (await as.get('/users/userRcSession')).json() as RcSession
  const connect = async (as: CallActor) => {
    const { authorizeUrl } = (await as.post('/users/rc-authorize')).json() as { authorizeUrl: string }
    const back = await signInAtFake(authorizeUrl)
    const login = await as.post('/users/rc-login', back)
    expect(login.statusCode, login.body).toBe(200)
  }
  const withProfilePhone = async (as: CallActor) =>
    expect((await as.patch('/users/me', { activePhone: '(312) 555-0100', officeExt: '101' })).statusCode).toBe(200)
  const callView = (as: CallActor, id: string) => as.get(`/click-to-call/${id}`).then((r) => r.json() as CallView)
  const refusal = (response: { statusCode: number; json(): { title: string } }) => [
    response.statusCode,
    response.json().title,
  ]

  beforeAll(async () => {
    s = await createCallsStack(target, { accessTokenTtl: 200 })
    rep = await s.actor('Rita Caller', ['call'])
    otherRep = await s.actor('Otto Caller', ['call'])
    noCallRep = await s.actor('Nora Nocall', [])
  }, 180_000)
  afterAll(() => s?.close())

  it('connects through the authorization page; a state not signed for the caller and an expired code are refused', async () => {
    expect(await session(rep)).toMatchObject({ configured: true, connected: false, expireTime: null })
    const { authorizeUrl } = (await rep.post('/users/rc-authorize')).json() as { authorizeUrl: string }
    expect(new URL(authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256')
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(`${s.publicUrl}/loginToRc`)

    const back = await signInAtFake(authorizeUrl)
    // Another user cannot finish this user's sign-in, nor can a state that was altered.
    expect(refusal(await otherRep.post('/users/rc-login', back))).toEqual([422, callMessages.badState])
    expect(refusal(await rep.post('/users/rc-login', { ...back, state: `${back.state}x` }))).toEqual([
      422,
      callMessages.badState,
    ])
    await fetch(`${s.fake.url}/fake/expire-codes`, { method: 'POST' })
    expect(refusal(await rep.post('/users/rc-login', back))).toEqual([422, callMessages.codeExpired])
    expect((await session(rep)).connected).toBe(false)

    await connect(rep)
    const connected = await session(rep)
    expect(connected).toMatchObject({ configured: true, connected: true, expired: false })
    expect(Date.parse(connected.expireTime!)).toBeGreaterThan(Date.now())
    expect(JSON.stringify(connected)).not.toMatch(/token"/i)
    // At rest the tokens are sealed: the event holds no token the fake issued.
    const events = await s.store.readStream(`phone-session-${rep.userId}`)
    expect(JSON.stringify(events)).not.toMatch(/access_token|refresh_token/)
  })

  it('refuses a call with the product message of each check, in order', async () => {
    const contactId = await s.createContact(otherRep, { name: 'Checks Freight', businessPhone: '312-555-0199' })
    const call = (as: CallActor, phoneNumber = '312-555-0199') => as.post('/click-to-call', { contactId, phoneNumber })
    const empty = await call(otherRep, ' ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.phoneNumber).toBe(callMessages.phoneNumberRequired)
    expect(refusal(await call(otherRep))).toEqual([422, callMessages.profilePhoneRequired])
    await withProfilePhone(otherRep)
    expect(refusal(await call(otherRep))).toEqual([422, callMessages.sessionNotFound])
    await connect(otherRep)

    // Another user's open task on the contact blocks the call.
    const shared = await s.createContact(rep, { name: 'Shared Freight' })
    await withProfilePhone(rep)
    expect((await otherRep.post('/task', { title: 'Follow up', contactId })).statusCode).toBe(201)
    expect((await rep.post('/task', { title: 'Mine', contactId: shared })).statusCode).toBe(201)
    expect((await rep.post('/click-to-call', { contactId: shared, phoneNumber: '1' })).statusCode).toBe(201)
    const held = await s.createContact(otherRep, { name: 'Held Freight' })
    expect((await otherRep.post('/task', { title: 'Theirs', contactId: held })).statusCode).toBe(201)
    const executive = await s.actor('Eve Exec', ['call', 'executive'])
    await withProfilePhone(executive)
    await connect(executive)
    expect(refusal(await executive.post('/click-to-call', { contactId: held, phoneNumber: '2' }))).toEqual([
      422,
      callMessages.taskHeldByOther,
    ])

    // Without the call permission.
    await withProfilePhone(noCallRep)
    await connect(noCallRep)
    const own = await s.createContact(noCallRep, { name: 'Own Freight' })
    expect(refusal(await noCallRep.post('/click-to-call', { contactId: own, phoneNumber: '3' }))).toEqual([
      422,
      callMessages.notAllowedToCall,
    ])
    // A contact the caller cannot see answers 404, before any check.
    expect((await noCallRep.post('/click-to-call', { contactId, phoneNumber: '3' })).statusCode).toBe(404)
  })

  it('rings out, follows the call, refuses the activity before the call started, saves it Answered with its duration', async () => {
    const contactId = await s.createContact(rep, { name: 'Answer Freight' })
    s.fake.options.callerPicksUpAfterMs = 60_000
    const placed = await rep.post('/click-to-call', { contactId, phoneNumber: '+1 (312) 555-0142' })
    expect(placed.statusCode, placed.body).toBe(201)
    const { id, activityId } = placed.json() as { id: string; activityId: string }
    expect(s.fake.ringOuts.at(-1)).toMatchObject({ from: '3125550100', to: '+13125550142' })
    expect((await otherRep.get(`/click-to-call/${id}`)).statusCode).toBe(404)
    expect((await otherRep.delete(`/click-to-call/${id}`)).statusCode).toBe(404)

    const save = { callId: id, subject: 'Pricing call', notes: 'Wants a quote', duration: 95, outcome: 'Answered' }
    expect(refusal(await rep.post('/click-to-call/set-call-with-activity', save))).toEqual([
      422,
      callMessages.callNotStarted,
    ])
    s.fake.options.callerPicksUpAfterMs = 0
    const answered = await until(
      () => callView(rep, id),
      (v) => v.state === 'answered',
    )
    expect(answered).toMatchObject({ state: 'answered', started: true, contactId, activityId })
    expect(answered.answeredAt).not.toBeNull()

    expect((await rep.post('/click-to-call/set-call-with-activity', save)).statusCode).toBe(200)
    expect((await rep.delete(`/click-to-call/${id}`)).statusCode).toBe(200)
    const timeline = (
      await rep.get(`/contact-activities-timeline/all?contactId=${contactId}&limit=10`)
    ).json() as TimelinePage
    expect(timeline.items).toMatchObject([{ id: activityId, subject: 'Pricing call', callDuration: 95 }])
    const attempts = (await rep.get(`/activity/get-call-attempts?contactId=${contactId}&divisionId=15`)).json()
    expect(attempts.callAttempts).toBe(1)
  })

  it('follows a call placed before a restart: the RingOut follower is resumed by the start-up sweep', async () => {
    const contactId = await s.createContact(rep, { name: 'Restart Freight' })
    s.fake.options.callerPicksUpAfterMs = 60_000
    const { id } = (await rep.post('/click-to-call', { contactId, phoneNumber: '312 555 0166' })).json() as {
      id: string
    }
    expect((await callView(rep, id)).state).toBe('ringing-you')
    await s.restart()
    // The rep's phone picks up only after the restart: only a follower of the new process can see it.
    s.fake.options.callerPicksUpAfterMs = 0
    const answered = await until(
      () => callView(rep, id),
      (v) => v.state === 'answered',
    )
    expect(answered).toMatchObject({ state: 'answered', started: true })
    expect((await rep.delete(`/click-to-call/${id}`)).statusCode).toBe(200)
  })

  it('closing the call window without saving sets its activity inactive and cancels the RingOut', async () => {
    const contactId = await s.createContact(rep, { name: 'Close Freight' })
    const { id } = (await rep.post('/click-to-call', { contactId, phoneNumber: '312 555 0177' })).json() as {
      id: string
    }
    expect((await rep.delete(`/click-to-call/${id}`)).statusCode).toBe(200)
    expect(s.fake.ringOuts.at(-1)?.cancelled).toBe(true)
    const timeline = (
      await rep.get(`/contact-activities-timeline/all?contactId=${contactId}&limit=10`)
    ).json() as TimelinePage
    expect(timeline.items).toEqual([])
    expect((await callView(rep, id)).closed).toBe(true)
  })

  it('matches a number written differently to the contacts the caller may see, in any phone field', async () => {
    const mine = await s.createContact(rep, { name: 'Match Freight', mobilePhone: '(312) 555-0188' })
    await s.createContact(otherRep, { name: 'Hidden Match Freight', businessPhone: '312-555-0188' })
    const found = await rep.get(
      `/click-to-call/contacts-by-phone-number?phoneNumber=${encodeURIComponent('+1 312.555.0188')}`,
    )
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json()).toMatchObject([{ id: mine, name: 'Match Freight', mobilePhone: '(312) 555-0188' }])
    const bad = await rep.get('/click-to-call/contacts-by-phone-number?phoneNumber=12')
    expect(bad.statusCode).toBe(400)
  })

  it('GET /click-to-call: the calls the caller placed, newest first, a page at a time, by contact', async () => {
    const contactId = await s.createContact(rep, { name: 'Listed Freight' })
    const placed = await rep.post('/click-to-call', { contactId, phoneNumber: '312 555 0155' })
    expect(placed.statusCode, placed.body).toBe(201)
    const { id } = placed.json() as { id: string }
    expect((await rep.delete(`/click-to-call/${id}`)).statusCode).toBe(200)
    type Page = { rows: CallView[]; total: number; totalIsCapped: boolean }
    const list = async (as: CallActor, query = '') => {
      const response = await as.get(`/click-to-call${query}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as Page
    }
    const all = await list(rep, '?limit=100')
    expect(all.rows[0]).toMatchObject({ id, contactId, to: expect.stringContaining('5550155'), closed: true })
    expect(all).toMatchObject({ total: all.rows.length, totalIsCapped: false })
    expect(all.total).toBeGreaterThanOrEqual(3)
    const times = all.rows.map((r) => r.placedAt)
    expect(times).toEqual([...times].sort().reverse())
    expect(await list(rep, '?first=1&limit=1')).toMatchObject({ total: all.total, rows: [{ id: all.rows[1]!.id }] })
    expect(await list(rep, `?contactId=${contactId}`)).toMatchObject({ total: 1, rows: [{ id }] })
    // Another user's calls are never listed; a contact the caller may not see is answered as a missing one.
    const theirs = await list(otherRep, '?limit=100')
    expect(theirs.rows.filter((r) => all.rows.some((mine) => mine.id === r.id))).toEqual([])
    expect((await otherRep.get(`/click-to-call?contactId=${contactId}`)).statusCode).toBe(404)
    const bad = await rep.get('/click-to-call?limit=0')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['limit'])
  })

  it('refreshes a session that expires within 360000 ms when the server starts again', async () => {
    const before = await session(rep)
    const refreshes = s.fake.refreshes
    await s.restart()
    await until(
      async () => s.fake.refreshes,
      (n) => n > refreshes,
    )
    expect(s.fake.refreshes).toBe(refreshes + 1)
    const after = await until(
      () => session(rep),
      (v) => v.expireTime !== before.expireTime,
    )
    expect(Date.parse(after.expireTime!)).toBeGreaterThan(Date.parse(before.expireTime!))
    expect(after.connected).toBe(true)
  })
})
