import { attachmentMessages, type TaskAttachment } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'
import { file, form, storedFiles, type Part } from './multipart-form'

describe.each(databaseTargets())('task attachments over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let otherRep: Actor
  let manager: Actor
  const taskEvents = async (contactId: string) =>
    (await s.store.readStream(`contact-${contactId}`)).filter((e) => e.type === 'ContactTaskOpened')
  const createWith = (as: Actor, parts: Part[]) => {
    const { body, headers } = form(parts)
    return as.raw('POST', '/task', body, headers)
  }
  const download = (as: Actor, body: { key: string; contactId: string }, position = '') =>
    as.post('/activity/download-file', body, position ? { 'x-min-position': position } : {})

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    rep = await s.actor('Rhea Rep', ['call'])
    otherRep = await s.actor('Oscar Rep', ['call'])
    manager = await s.actor('Mona Manager', ['call', 'manager'])
  })
  afterAll(() => s.close())

  it('creates a task from dataForTask with two files, which its viewers can download and others cannot', async () => {
    const contactId = await s.createContact(rep, { name: 'Attachment Freight' })
    const pdf = Buffer.from('%PDF-1.4 quote for 12 trucks')
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10])
    const created = await createWith(rep, [
      { field: 'dataForTask', value: JSON.stringify({ title: 'Send the quote', contactId, reminder: 30 }) },
      file('quote.pdf', pdf, 'application/pdf'),
      file('truck photo.png', png, 'image/png'),
    ])
    expect(created.statusCode).toBe(201)
    const { id, position } = created.json()
    const task = (await s.store.readStream(`task-${id}`))[0]!.data as { title: string; attachments: TaskAttachment[] }
    expect(task.title).toBe('Send the quote')
    expect(task.attachments.map((a) => [a.name, a.type])).toEqual([
      ['quote.pdf', 'application/pdf'],
      ['truck photo.png', 'image/png'],
    ])

    const [first, second] = task.attachments as [TaskAttachment, TaskAttachment]
    const got = await download(rep, { key: first.key, contactId }, position)
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('application/pdf')
    expect(got.headers['content-disposition']).toContain('quote.pdf')
    expect(got.rawPayload.equals(pdf)).toBe(true)
    // The link form (GET with the query) serves the same file; the manager sees the whole division.
    const link = await manager.get(`/activity/download-file?key=${second.key}&contactId=${contactId}`)
    expect(link.statusCode).toBe(200)
    expect(link.headers['content-type']).toBe('image/png')
    expect(link.rawPayload.equals(png)).toBe(true)
    // A plain link carries an access ticket instead of the token: it opens the file once.
    const { ticket } = (await manager.post('/auth/access-ticket', { route: '/activity/download-file' })).json()
    const linkUrl = `/api/v1/activity/download-file?key=${second.key}&contactId=${contactId}&ticket=${ticket}`
    const byTicket = await s.app.inject({ method: 'GET', url: linkUrl })
    expect(byTicket.statusCode).toBe(200)
    expect(byTicket.rawPayload.equals(png)).toBe(true)
    expect((await s.app.inject({ method: 'GET', url: linkUrl })).statusCode).toBe(401)

    // Another rep does not see Rhea's contact, so not its files either; an unknown key is not found.
    expect((await download(otherRep, { key: first.key, contactId })).statusCode).toBe(404)
    expect((await download(rep, { key: '00000000-0000-4000-8000-000000000000.pdf', contactId })).statusCode).toBe(404)
    // A key of this contact asked for under another contact the caller sees opens nothing.
    const elsewhere = await s.createContact(rep, { name: 'Other Freight' })
    expect((await download(rep, { key: first.key, contactId: elsewhere })).statusCode).toBe(404)
  })

  it('refuses a sixth file, a file over 5,000,000 bytes and files in another field, storing nothing', async () => {
    const contactId = await s.createContact(rep, { name: 'Refused Freight' })
    const data = { field: 'dataForTask', value: JSON.stringify({ title: 'Too much', contactId }) }
    const before = (await storedFiles(s.dataDir)).length
    const small = (n: number) => file(`doc-${n}.txt`, Buffer.from(`document ${n}`), 'text/plain')

    const six = await createWith(rep, [data, ...[1, 2, 3, 4, 5, 6].map(small)])
    expect(six.statusCode).toBe(400)
    expect(six.json().errors.attachments).toBe('You can only upload up to 5 files.')

    // Two files are written before the third turns out too large: they go too.
    const large = await createWith(rep, [data, small(1), small(2), file('scan.pdf', Buffer.alloc(5_000_001, 1))])
    expect(large.statusCode).toBe(400)
    expect(large.json().errors.attachments).toBe(attachmentMessages.tooLarge)

    const wrongField = await createWith(rep, [data, { ...small(1), field: 'file' } as Part])
    expect(wrongField.statusCode).toBe(400)
    expect(wrongField.json().errors.file).toBe(attachmentMessages.unexpectedField)

    expect(await taskEvents(contactId)).toHaveLength(0)
    expect(await storedFiles(s.dataDir)).toHaveLength(before)

    // Exactly 5,000,000 bytes is allowed, and so are five files.
    const limit = await createWith(rep, [data, file('max.bin', Buffer.alloc(5_000_000, 2)), ...[2, 3, 4, 5].map(small)])
    expect(limit.statusCode).toBe(201)
    expect(await storedFiles(s.dataDir)).toHaveLength(before + 5)
  })

  it('validates dataForTask like the JSON body and removes the files of a refused task', async () => {
    const contactId = await s.createContact(rep, { name: 'Validated Freight' })
    const before = (await storedFiles(s.dataDir)).length
    const blank = await createWith(rep, [
      { field: 'dataForTask', value: JSON.stringify({ title: ' ', contactId }) },
      file('a.txt', Buffer.from('a'), 'text/plain'),
    ])
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors.title).toBe('Please Enter Subject')
    const missing = await createWith(rep, [file('a.txt', Buffer.from('a'), 'text/plain')])
    expect(missing.json().errors.dataForTask).toBe(attachmentMessages.dataRequired)

    // Refused after the files were stored (the contact does not exist): they are removed.
    const gone = { field: 'dataForTask', value: JSON.stringify({ title: 'First', contactId: crypto.randomUUID() }) }
    const refused = await createWith(rep, [gone, file('b.txt', Buffer.from('b'), 'text/plain')])
    expect(refused.statusCode).toBe(404)
    expect(await storedFiles(s.dataDir)).toHaveLength(before)
    // The JSON form still works.
    const other = await s.createContact(rep, { name: 'Json Freight' })
    expect((await rep.post('/task', { title: 'Plain JSON', contactId: other })).statusCode).toBe(201)
  })
})
