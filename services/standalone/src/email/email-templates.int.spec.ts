import { emailMessages, type Paged, type TemplateRow } from '@crm/contracts'
import { createJobQueue, type Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmailStack, type EmailActor, type EmailStack } from './email-stack'

describe.each(databaseTargets())('email templates over HTTP on $name', (target) => {
  let s: EmailStack
  let database: Database
  let dataDir: string
  let rep: EmailActor
  let colleague: EmailActor
  let manager: EmailActor
  let outsider: EmailActor

  const list = async (as: EmailActor, query = '') => {
    const response = await as.get(`/emails/templates${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Paged<TemplateRow>
  }
  const create = async (as: EmailActor, body: object) => {
    const response = await as.post('/emails/templates', body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as string
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crm-email-templates-'))
    database = await target.create()
    s = await startEmailStack({ database, jobs: createJobQueue({}), dataDir })
    rep = await s.actor('Tina Template', ['call'])
    colleague = await s.actor('Carl Colleague', ['call'])
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    outsider = await s.actor('Otto Outsider', ['call'], { divisionId: 16 })
  }, 60_000)
  afterAll(async () => {
    await s?.close()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('creates, edits and deletes a personal template only its author sees', async () => {
    const id = await create(rep, { name: 'Intro', subject: 'Hello {{contact.name}}', body: '<p>Hi</p>' })
    const mine = await list(rep)
    expect(mine.rows).toEqual([
      expect.objectContaining({
        id,
        name: 'Intro',
        scope: 'personal',
        mine: true,
        mayEdit: true,
        ownerName: 'Tina Template',
      }),
    ])
    expect((await list(colleague)).rows.map((r) => r.id)).not.toContain(id)
    expect((await colleague.get(`/emails/templates/${id}`)).statusCode).toBe(404)
    expect((await colleague.patch(`/emails/templates/${id}`, { name: 'Mine now' })).statusCode).toBe(404)
    expect((await colleague.delete(`/emails/templates/${id}`)).statusCode).toBe(404)

    expect((await rep.patch(`/emails/templates/${id}`, { subject: 'Welcome' })).statusCode).toBe(200)
    const edited = (await rep.get(`/emails/templates/${id}`)).json() as TemplateRow
    // A partial edit: only the subject moved.
    expect(edited).toMatchObject({ name: 'Intro', subject: 'Welcome', body: '<p>Hi</p>' })

    expect((await rep.delete(`/emails/templates/${id}`)).statusCode).toBe(200)
    expect((await rep.get(`/emails/templates/${id}`)).statusCode).toBe(404)
    expect((await rep.delete(`/emails/templates/${id}`)).statusCode).toBe(404)
  })

  it('shares a division template with the division: colleagues use it, managers edit it, others never see it', async () => {
    const id = await create(rep, { name: 'Rate sheet', subject: 'Rates', body: '<p>Rates</p>', scope: 'division' })
    expect((await list(colleague)).rows.find((r) => r.id === id)).toMatchObject({ mine: false, mayEdit: false })
    expect((await colleague.patch(`/emails/templates/${id}`, { name: 'Taken' })).statusCode).toBe(403)
    expect((await manager.patch(`/emails/templates/${id}`, { name: 'Rate sheet 2027' })).statusCode).toBe(200)
    expect((await list(outsider)).rows.map((r) => r.id)).not.toContain(id)
    expect((await outsider.get(`/emails/templates/${id}`)).statusCode).toBe(404)
    expect((await list(rep, '?search=2027')).rows.map((r) => r.name)).toEqual(['Rate sheet 2027'])
  })

  it('stores the body sanitized: no script or event handler, the paragraph and its merge field kept', async () => {
    const id = await create(rep, {
      name: 'Sanitized',
      subject: 'Hi',
      body: '<img src=x onerror=alert(1)><script>x</script><p>Hi {{contact.name}}</p>',
    })
    const saved = (await rep.get(`/emails/templates/${id}`)).json() as TemplateRow
    expect(saved.body).toBe('<p>Hi {{contact.name}}</p>')

    const patched = await rep.patch(`/emails/templates/${id}`, {
      body: '<p onclick="x()">Bye <a href="javascript:alert(1)">{{sender.name}}</a></p>',
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const edited = (await rep.get(`/emails/templates/${id}`)).json() as TemplateRow
    expect(edited.body).toBe('<p>Bye <a rel="noopener noreferrer">{{sender.name}}</a></p>')

    // Nothing left once sanitized is an empty body, answered as the schema answers one.
    const onlyScript = await rep.post('/emails/templates', { name: 'Bad', subject: 'Hi', body: '<script>x</script>' })
    expect(onlyScript.statusCode).toBe(400)
    expect(onlyScript.json()).toMatchObject({ errors: { body: emailMessages.bodyRequired } })
    const emptied = await rep.patch(`/emails/templates/${id}`, { body: '<script>x</script>' })
    expect(emptied.statusCode).toBe(400)
  })

  it('refuses a template without a name, subject or body with the message under the field', async () => {
    const response = await rep.post('/emails/templates', { name: ' ', subject: '', body: '<p>x</p>' })
    expect(response.statusCode).toBe(400)
    expect(JSON.stringify(response.json())).toContain(emailMessages.nameRequired)
    expect(JSON.stringify(response.json())).toContain(emailMessages.subjectRequired)
    expect((await rep.patch(`/emails/templates/${crypto.randomUUID()}`, {})).statusCode).toBe(400)
  })
})
