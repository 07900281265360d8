import { effortLevelLockedFor, NOTHING_TO_CHANGE } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

/** A Lead of `as` in division 15 converted to a Prospect, Hot with effort A. */
async function prospectOf(s: LifecycleStack, as: Actor, profile: Record<string, unknown> = {}) {
  const id = await s.createContact(as, profile)
  const call = { contactId: id, divisionId: 15, activityType: 10009, subject: 'Intro call' }
  expect((await as.post('/activity', { ...call, callData: { duration: 0, outcome: 'Attempted' } })).statusCode).toBe(
    201,
  )
  const convert = { contactId: id, divisionId: 15, statusId: 2, grade: 108, prospectSource: 1 }
  const effort = profile.companyTypeId === undefined ? { effortLevel: 122 } : {}
  const converted = await as.post('/contacts/convertContact', { ...convert, ...effort })
  expect(converted.statusCode, converted.body).toBe(200)
  return id
}

describe.each(databaseTargets())('the per-division record over HTTP on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let rep: Actor
  let otherRep: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    rep = await s.actor('Rita Rep', ['call'])
    otherRep = await s.actor('Otto Rep', ['call'])
  })
  afterAll(() => s.close())

  const record = (as: Actor, id: string, division = 15) => as.get(`/contact-divisions/${id}/${division}`)

  it('changes grade, effort level and stage, reads them back, and writes each change to the history and the audit', async () => {
    const id = await prospectOf(s, rep)
    expect((await record(rep, id)).json()).toMatchObject({ divisionId: 15, statusId: 2, grade: 108, stage: null })

    const edited = await rep.patch(`/contact-divisions/${id}/15`, { grade: 109, effortLevel: 123, stage: 3 })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await record(rep, id)).json()).toMatchObject({ grade: 109, effortLevel: 123, stage: 3, statusId: 2 })
    // The contact page and the lists read the same record.
    expect((await rep.get(`/contacts/${id}`)).json().contactDivisionData).toMatchObject([
      { divisionId: 15, grade: 109, effortLevel: 123, stage: 3 },
    ])

    // Only what is sent changes: clearing the stage leaves grade and effort as they were.
    expect((await rep.patch(`/contact-divisions/${id}/15`, { stage: null })).statusCode).toBe(200)
    expect((await record(rep, id)).json()).toMatchObject({ grade: 109, effortLevel: 123, stage: null })

    const history = (await rep.get(`/contacts/history/${id}`)).json() as { summary: string }[]
    const summaries = history.map((h) => h.summary)
    // Newest first; the division is named as the divisions table names it.
    expect(summaries[0]).toMatch(/^Stage Proposal → none in /)
    expect(summaries[1]).toMatch(/^Grade Hot → Warm, Effort level A → B, Stage none → Proposal in /)
    const audit = (await admin.get(`/contact-divisions/status-changes?contactId=${id}`)).json().rows
    expect(audit[0]).toMatchObject({ fromStatusId: 2, toStatusId: 2, reason: 'Stage Proposal → none' })
  })

  it("refuses an auto-rated company type's effort level with SPEC's message, and bad or empty edits", async () => {
    const id = await prospectOf(s, rep, { companyTypeId: 1, numberOfTrucks: 10 })
    const locked = await rep.patch(`/contact-divisions/${id}/15`, { effortLevel: 122 })
    expect(locked.statusCode).toBe(400)
    expect(locked.json().errors).toEqual({ effortLevel: effortLevelLockedFor(1) })
    const empty = await rep.patch(`/contact-divisions/${id}/15`, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().title).toBe(NOTHING_TO_CHANGE)
    const unknownGrade = await rep.patch(`/contact-divisions/${id}/15`, { grade: 5 })
    expect(unknownGrade.statusCode).toBe(400)
    expect(unknownGrade.json().errors).toEqual({ grade: 'Please select grade' })
    expect((await record(rep, id)).json()).toMatchObject({ grade: 108, effortLevel: 124 })
  })

  it('answers 404 on reads and writes for a caller who may not see the contact, and for a division it is not in', async () => {
    const id = await prospectOf(s, rep)
    expect((await record(otherRep, id)).statusCode).toBe(404)
    expect((await otherRep.patch(`/contact-divisions/${id}/15`, { grade: 109 })).statusCode).toBe(404)
    expect((await record(rep, id, 3)).statusCode).toBe(404)
    expect((await rep.patch(`/contact-divisions/${id}/3`, { grade: 109 })).statusCode).toBe(404)
    expect((await record(rep, id)).json()).toMatchObject({ grade: 108 })
  })
})
