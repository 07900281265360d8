import { attachmentMessages, type TaskAttachment } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'
import { file, form, type Part } from '../tasks/multipart-form'

describe.each(databaseTargets())('shared notes with attachments on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let otherRep: Actor
  const post = (as: Actor, parts: Part[]) => {
    const { body, headers } = form(parts)
    return as.raw('POST', '/activity/shared-notes', body, headers)
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    rep = await s.actor('Nora Rep', ['call'])
    otherRep = await s.actor('Olaf Rep', ['call'])
  })
  afterAll(() => s.close())

  it('adds a note with a file from dataForNote; the note lists it and its viewers download it', async () => {
    const contactId = await s.createContact(rep, { name: 'Shared File Freight' })
    const bytes = Buffer.from('%PDF-1.4 dock hours')
    const created = await post(rep, [
      { field: 'dataForNote', value: JSON.stringify({ contactId, note: 'Dock hours attached' }) },
      file('dock-hours.pdf', bytes, 'application/pdf'),
    ])
    expect(created.statusCode, created.body).toBe(201)
    // The actor's client sends the position of its last command, so the note is there at once.
    const notes = await rep.get(`/activity/shared-notes?contactId=${contactId}`)
    expect(notes.statusCode, notes.body).toBe(200)
    const [note] = notes.json().rows as { note: string; attachments: TaskAttachment[] }[]
    expect(note!.note).toBe('Dock hours attached')
    expect(note!.attachments.map((a) => a.name)).toEqual(['dock-hours.pdf'])

    const key = note!.attachments[0]!.key
    const got = await rep.get(`/activity/download-file?key=${key}&contactId=${contactId}`)
    expect(got.statusCode).toBe(200)
    expect(got.rawPayload.equals(bytes)).toBe(true)
    // Someone who cannot see the contact cannot fetch its note's file.
    expect((await otherRep.get(`/activity/download-file?key=${key}&contactId=${contactId}`)).statusCode).toBe(404)
  })

  it('refuses a sixth file with the message, and an empty note with its own, writing nothing', async () => {
    const contactId = await s.createContact(rep, { name: 'Too Many Files Freight' })
    const before = (await s.store.readStream(`contact-${contactId}`)).length
    const six = Array.from({ length: 6 }, (_, i) => file(`f${i}.txt`, Buffer.from(`file ${i}`), 'text/plain'))
    const tooMany = await post(rep, [{ field: 'dataForNote', value: JSON.stringify({ contactId, note: 'x' }) }, ...six])
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors.attachments).toBe(attachmentMessages.tooMany)
    const empty = await post(rep, [
      { field: 'dataForNote', value: JSON.stringify({ contactId, note: ' ' }) },
      file('a.txt', Buffer.from('a'), 'text/plain'),
    ])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.note).toBe('Please enter note')
    expect((await s.store.readStream(`contact-${contactId}`)).length).toBe(before)
  })

  it('binds files to the note they were uploaded with: a note cannot name another file by its key', async () => {
    const secret = await s.createContact(rep, { name: 'Secret File Freight' })
    const uploaded = await post(rep, [
      { field: 'dataForNote', value: JSON.stringify({ contactId: secret, note: 'Rates attached' }) },
      file('rates.pdf', Buffer.from('%PDF-1.4 rates'), 'application/pdf'),
    ])
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const key = (await rep.get(`/activity/shared-notes?contactId=${secret}`)).json().rows[0].attachments[0].key
    const stolen = { id: 'a1b2c3d4-0000-4000-8000-000000000001', key, type: 'application/pdf', name: 'rates.pdf' }

    // Another rep, on a contact of their own, names that key: as JSON, and inside a multipart form.
    const own = await s.createContact(otherRep, { name: 'Own File Freight' })
    const asJson = await otherRep.post('/activity/shared-notes', {
      contactId: own,
      note: 'Mine',
      attachments: [stolen],
    })
    expect(asJson.statusCode).toBe(400)
    expect(asJson.json().errors.attachments).toBe(attachmentMessages.uploadOnly)
    const asForm = await post(otherRep, [
      { field: 'dataForNote', value: JSON.stringify({ contactId: own, note: 'Mine', attachments: [stolen] }) },
    ])
    expect(asForm.statusCode).toBe(400)
    expect(asForm.json().errors.attachments).toBe(attachmentMessages.uploadOnly)
    expect((await otherRep.get(`/activity/download-file?key=${key}&contactId=${own}`)).statusCode).toBe(404)
  })

  it('lets a task edit drop its files but not name new ones', async () => {
    const contactId = await s.createContact(rep, { name: 'Task File Freight' })
    const task = (await rep.post('/task', { title: 'Call back', contactId })).json().id as string
    const foreign = { id: 'a1b2c3d4-0000-4000-8000-000000000002', key: '0c6f0b8e-1d2a-4b3c-8d4e-5f6a7b8c9d0e.pdf' }
    const named = await rep.patch(`/task/${task}`, {
      attachments: [{ ...foreign, type: 'application/pdf', name: 'x' }],
    })
    expect(named.statusCode).toBe(400)
    expect(named.json().errors.attachments).toBe(attachmentMessages.notThisTasks)
    expect((await rep.patch(`/task/${task}`, { attachments: [] })).statusCode).toBe(200)
  })
})
