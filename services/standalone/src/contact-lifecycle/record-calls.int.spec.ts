import { epicMessages, supportTypes, type TaskAttachment } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeEpic, type FakeEpic } from '../testing/fake-epic/fake-epic'
import { file, form } from '../tasks/multipart-form'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

/** The contact calls of docs/decisions/027: each 2xx for whoever sees the contact, 404 for anyone else. */
describe.each(databaseTargets())('the remaining contact calls on $name', (target) => {
  let s: LifecycleStack
  let epic: FakeEpic
  let rep: Actor
  let otherRep: Actor
  let manager: Actor
  let mine: string
  let unknownToEpic: string

  beforeAll(async () => {
    epic = await startFakeEpic([
      {
        id: 'c-1001',
        lookupCode: 'RIDGHAU-01',
        accountName: 'Ridgeline Haulers LLC',
        dotNumber: '4455661',
        policies: [
          {
            policyNumber: 'AL-2291',
            lineOfBusiness: { code: 'CAUT', description: 'Commercial Auto Liability' },
            issuingCompany: { name: 'Truckers Risk Retention Group' },
            effectiveDate: '2026-01-01T00:00:00Z',
            expirationDate: '2027-01-01T00:00:00Z',
            annualizedPremium: 18250,
            status: 'Active',
          },
          {
            policyNumber: 'MTC-88',
            lineOfBusiness: { code: 'MTC', description: 'Motor Truck Cargo' },
            issuingCompany: { name: 'Great Plains Casualty' },
            effectiveDate: '2026-01-01',
            expirationDate: '2027-01-01',
            annualizedPremium: 4200,
            status: 'Active',
          },
        ],
      },
    ])
    s = await createLifecycleStack(target, {
      env: {
        EPIC_API_URL: epic.url,
        EPIC_CLIENT_ID: epic.clientId,
        EPIC_CLIENT_SECRET: epic.clientSecret,
      },
    })
    rep = await s.actor('Rita Rep', ['call'])
    otherRep = await s.actor('Otto Rep', ['call'])
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    mine = await s.createContact(rep, { name: 'Ridgeline Haulers', dotNumber: '4455661' })
    unknownToEpic = await s.createContact(rep, { name: 'Unlisted Freight', dotNumber: '9990001' })
  })
  afterAll(async () => {
    await s?.close()
    await epic?.close()
  })

  it('epic-data answers the account and its policies, found by DOT; another rep gets 404', async () => {
    const answer = await rep.get(`/epic/epic-data?contactId=${mine}`)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({
      contactId: mine,
      configured: true,
      message: null,
      account: { lookupCode: 'RIDGHAU-01', name: 'Ridgeline Haulers LLC', dotNumber: '4455661' },
    })
    expect(answer.json().account.policies).toHaveLength(2)
    expect(epic.requests).toContain('GET /epic/client/v1/clients?dotNumber=4455661&limit=1')
    expect((await otherRep.get(`/epic/epic-data?contactId=${mine}`)).statusCode).toBe(404)
    const none = (await rep.get(`/epic/epic-data?contactId=${unknownToEpic}`)).json()
    expect(none).toMatchObject({ configured: true, account: null, message: 'No Epic account for this contact' })
  })

  it('rrg says whether the carrier is insured through a risk retention group', async () => {
    const rrg = (await manager.get(`/contacts/rrg/${mine}`)).json()
    expect(rrg).toMatchObject({ contactId: mine, configured: true, insuredThroughRrg: true })
    expect(rrg.policies.map((p: { policyNumber: string }) => p.policyNumber)).toEqual(['AL-2291'])
    expect((await rep.get(`/contacts/rrg/${unknownToEpic}`)).json()).toMatchObject({ insuredThroughRrg: null })
    expect((await otherRep.get(`/contacts/rrg/${mine}`)).statusCode).toBe(404)
  })

  it('an Epic outage answers 502 with the product message, and nothing else breaks', async () => {
    epic.failWith = 503
    try {
      const failed = await rep.get(`/epic/epic-data?contactId=${mine}`)
      expect(failed.statusCode).toBe(502)
      expect(failed.json().title).toBe(epicMessages.failed)
      // Hidden stays hidden: the visibility check comes before Epic is asked.
      expect((await otherRep.get(`/contacts/rrg/${mine}`)).statusCode).toBe(404)
    } finally {
      epic.failWith = null
    }
  })

  it('contact-data-old-crm answers the import facts and the notes brought from the old CRM', async () => {
    const noted = await rep.post('/activity/shared-notes', {
      contactId: mine,
      subject: 'Migrated',
      note: 'Notes from the old system',
      oldCrmNote: 'Called 2019-04-02, wants reefers',
    })
    expect(noted.statusCode, noted.body).toBe(201)
    await rep.post('/activity/shared-notes', { contactId: mine, note: 'A new note' })
    const data = (await rep.get(`/contacts/contact-data-old-crm?contactId=${mine}`)).json()
    expect(data).toMatchObject({ contactId: mine, importDate: null, source: null })
    expect(data.notes).toEqual([
      expect.objectContaining({ oldCrmNote: 'Called 2019-04-02, wants reefers', createdByName: 'Rita Rep' }),
    ])
    expect((await otherRep.get(`/contacts/contact-data-old-crm?contactId=${mine}`)).statusCode).toBe(404)
  })

  it('task/get-notes lists the contact’s tasks that carry a note, for whoever sees them', async () => {
    await rep.post('/task', { contactId: mine, title: 'Quote', description: 'Wants 12 reefers by March' })
    await rep.post('/task', { contactId: mine, title: 'No note' })
    const notes = await rep.get(`/task/get-notes?contactId=${mine}`)
    expect(notes.statusCode, notes.body).toBe(200)
    expect(notes.json().map((t: { title: string }) => t.title)).toEqual(['Quote'])
    expect((await otherRep.get(`/task/get-notes?contactId=${mine}`)).statusCode).toBe(404)
  })

  it('activity/link-attachments joins a task’s files to an activity once; others get 404', async () => {
    const { body, headers } = form([
      { field: 'dataForTask', value: JSON.stringify({ title: 'Send the lease', contactId: mine }) },
      file('lease.pdf', Buffer.from('%PDF-1.4 lease'), 'application/pdf'),
    ])
    const task = await rep.raw('POST', '/task', body, headers)
    expect(task.statusCode, task.body).toBe(201)
    const taskId = task.json().id as string
    const activity = await rep.post('/activity', { contactId: mine, activityType: 10009, subject: 'Called' })
    const activityId = activity.json().id as string
    const link = { contactId: mine, activityId, taskId }
    expect((await otherRep.post('/activity/link-attachments', link)).statusCode).toBe(404)
    const linked = await rep.post('/activity/link-attachments', link)
    expect(linked.statusCode, linked.body).toBe(200)
    const events = () => s.store.readStream(`contact-${mine}`)
    const edits = (await events()).filter((e) => e.type === 'ActivityEdited')
    expect(edits).toHaveLength(1)
    const [lease] = (edits[0]!.data as { changes: { attachments: TaskAttachment[] } }).changes.attachments
    expect(lease).toMatchObject({ name: 'lease.pdf', type: 'application/pdf' })
    // Again: nothing more; and the file now opens through the activity's contact.
    await rep.post('/activity/link-attachments', link)
    expect((await events()).filter((e) => e.type === 'ActivityEdited')).toHaveLength(1)
    const timeline = (await rep.get(`/contact-activities-timeline/all?contactId=${mine}`)).json()
    expect(JSON.stringify(timeline)).toContain(lease!.key)
    const unknown = await rep.post('/activity/link-attachments', { ...link, keys: ['not-a-file'] })
    expect(unknown.statusCode).toBe(400)
  })

  it('users/for-select and users/my-team list the users the caller may see', async () => {
    const page = (await manager.get('/users/for-select?search=Rep')).json()
    expect(page.hasMore).toBe(false)
    expect((await rep.get('/users/for-select')).json().options).toEqual([{ value: rep.userId, label: 'Rita Rep' }])
    expect((await rep.get('/users/my-team')).json()).toEqual([])
    expect((await manager.get('/users/my-team')).statusCode).toBe(200)
  })

  it('support tables answer every type and one by its number; an unknown one is 404', async () => {
    const all = (await rep.get('/support-tables')).json()
    expect(all.map((t: { typeId: number }) => t.typeId)).toEqual(supportTypes.map((t) => t.typeId))
    const giveUp = (await rep.get('/support-tables/types/28')).json()
    expect(giveUp.name).toBe('Give-up reasons')
    expect(giveUp.values).toContainEqual({ id: 6, name: 'Other' })
    expect((await rep.get('/support-tables/types/8')).json().values).toHaveLength(6)
    expect((await rep.get('/support-tables/types/99')).statusCode).toBe(404)
  })
})
