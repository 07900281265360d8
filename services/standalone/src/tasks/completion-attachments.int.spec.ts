import { attachmentMessages, taskMessages, type TaskAttachment, type TimelinePage } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'
import { file, form, storedFiles, type Part } from './multipart-form'

const completion = (body: Record<string, unknown>): Part => ({ field: 'dataForTask', value: JSON.stringify(body) })

describe.each(databaseTargets())('task completion with attachments over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let otherRep: Actor
  const send = (as: Actor, url: string, parts: Part[], headers: Record<string, string> = {}) => {
    const { body, headers: type } = form(parts)
    return as.raw('POST', url, body, { ...type, ...headers })
  }
  /** A contact of the rep with one task holding `rates.pdf`. */
  async function taskWithFile(name: string) {
    const contactId = await s.createContact(rep, { name })
    const created = await send(rep, '/task', [
      { field: 'dataForTask', value: JSON.stringify({ title: 'Send the lease', contactId }) },
      file('rates.pdf', Buffer.from('%PDF-1.4 rates'), 'application/pdf'),
    ])
    expect(created.statusCode, created.body).toBe(201)
    return { contactId, taskId: created.json().id as string }
  }
  const activitiesOf = async (contactId: string) =>
    ((await rep.get(`/contact-activities-timeline/all?contactId=${contactId}`)).json() as TimelinePage).items

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    rep = await s.actor('Cora Completer', ['call'])
    otherRep = await s.actor('Otto Outsider', ['call'])
  })
  afterAll(() => s.close())

  it("logs the task's file and the completion's two files on the contact's activity, each downloadable", async () => {
    const { contactId, taskId } = await taskWithFile('Completion Files Freight')
    const signed = Buffer.from('%PDF-1.4 signed lease')
    const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x01])
    const done = await send(rep, `/task/complete/${taskId}`, [
      completion({ nextStep: 10003, notes: 'Lease signed, photo of the truck attached' }),
      file('signed lease.pdf', signed, 'application/pdf'),
      file('truck.png', photo, 'image/png'),
    ])
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().followUpTaskId).toEqual(expect.any(String))

    const [activity] = await activitiesOf(contactId)
    expect(activity).toMatchObject({ subject: 'Send the lease', notes: 'Lease signed, photo of the truck attached' })
    expect(activity!.attachments.map((a) => [a.name, a.type])).toEqual([
      ['rates.pdf', 'application/pdf'],
      ['signed lease.pdf', 'application/pdf'],
      ['truck.png', 'image/png'],
    ])
    const [, first, second] = activity!.attachments as TaskAttachment[]
    const got = await rep.post('/activity/download-file', { key: first!.key, contactId })
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-disposition']).toContain('signed%20lease.pdf')
    expect(got.rawPayload.equals(signed)).toBe(true)
    const link = await rep.get(`/activity/download-file?key=${second!.key}&contactId=${contactId}`)
    expect(link.headers['content-type']).toBe('image/png')
    expect(link.rawPayload.equals(photo)).toBe(true)
    // Someone who cannot see the contact gets nothing.
    expect((await otherRep.post('/activity/download-file', { key: first!.key, contactId })).statusCode).toBe(404)
  })

  it('a JSON completion links the task’s own files; a refused one keeps no file', async () => {
    const { contactId, taskId } = await taskWithFile('Refused Completion Freight')
    const before = (await storedFiles(s.dataDir)).length
    const noNotes = await send(rep, `/task/complete/${taskId}`, [
      completion({ nextStep: 10003 }),
      file('a.txt', Buffer.from('a'), 'text/plain'),
    ])
    expect(noNotes.statusCode).toBe(400)
    expect(noNotes.json().errors.notes).toBe(taskMessages.noteRequired)
    const six = [1, 2, 3, 4, 5, 6].map((n) => file(`doc-${n}.txt`, Buffer.from(`doc ${n}`), 'text/plain'))
    const tooMany = await send(rep, `/task/complete/${taskId}`, [completion({ nextStep: 10003, notes: 'x' }), ...six])
    expect(tooMany.json().errors.attachments).toBe(attachmentMessages.tooMany)
    const missing = await send(rep, `/task/complete/${taskId}`, [file('a.txt', Buffer.from('a'), 'text/plain')])
    expect(missing.json().errors.dataForTask).toBe(attachmentMessages.dataRequired)
    expect(await storedFiles(s.dataDir)).toHaveLength(before)

    expect((await rep.post(`/task/complete/${taskId}`, { nextStep: 10003, notes: 'Sent by mail' })).statusCode).toBe(
      200,
    )
    const [activity] = await activitiesOf(contactId)
    expect(activity!.attachments.map((a) => a.name)).toEqual(['rates.pdf'])
  })

  it('a repeated completion (same Idempotency-Key) logs once and keeps only the first request’s files', async () => {
    const { contactId, taskId } = await taskWithFile('Repeated Completion Freight')
    const parts = [completion({ nextStep: 10003, notes: 'Done' }), file('proof.pdf', Buffer.from('proof'))]
    const key = { 'idempotency-key': `complete-files-${taskId}` }
    const first = await send(rep, `/task/complete/${taskId}`, parts, key)
    const before = (await storedFiles(s.dataDir)).length
    const again = await send(rep, `/task/complete/${taskId}`, parts, key)
    expect(again.statusCode).toBe(200)
    expect(again.json().followUpTaskId).toBe(first.json().followUpTaskId)
    expect(await storedFiles(s.dataDir)).toHaveLength(before)
    const activities = await activitiesOf(contactId)
    expect(activities).toHaveLength(1)
    const proof = activities[0]!.attachments.find((a) => a.name === 'proof.pdf')!
    expect((await rep.post('/activity/download-file', { key: proof.key, contactId })).rawPayload.toString()).toBe(
      'proof',
    )
  })
})
