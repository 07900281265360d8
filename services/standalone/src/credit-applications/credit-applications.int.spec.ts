import { creditApplicationMessages as m } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCreditStack } from './credit-stack'

const SSN = '987-65-4321'
const application = {
  applicationType: 'loan',
  applicantFirstName: 'Ana',
  applicantLastName: 'Diaz',
  applicantPhone: '(555) 010-7788',
  applicantSsn: SSN,
  applicantDateOfBirth: '1980-05-12',
  businessName: 'Diaz Haulers',
  businessDotNumber: '7654321',
  eqMake: 'Volvo',
  eqAmountFinanced: 85000,
  bankAccountNumber: '000123456789',
  loans: [{ lender: 'First Bank', amount: 20000 }],
}

describe.each(databaseTargets())('credit applications at the product paths, on $name', (target) => {
  let t: Awaited<ReturnType<typeof createCreditStack>>
  let financeRep: { token: string; userId: string }
  let truckRep: { token: string; userId: string }
  let revealer: { token: string; userId: string }
  let salesRep: { token: string; userId: string }
  let execAnalyst: { token: string; userId: string }

  beforeAll(async () => {
    t = await createCreditStack(target)
    // The credit analysts of divisions 2 (CPS) and 4 (website), and a sales rep of division 4 who is none.
    financeRep = await t.userWith('Cora Finance', ['call', 'credit-analyst'], { divisionId: 2 })
    truckRep = await t.userWith('Tim Trucks', ['call', 'credit-analyst'], { divisionId: 4 })
    revealer = await t.userWith('Rita Reveal', ['call', 'credit-analyst', 'reveal-credit-data'], { divisionId: 4 })
    salesRep = await t.userWith('Sam Sales', ['call'], { divisionId: 4 })
    execAnalyst = await t.userWith('Ed Exec', ['call', 'credit-analyst'], { divisionId: 1 })
  }, 120_000)
  afterAll(() => t?.close())

  it('files each source into its divisions, refusing a wrong or missing key', async () => {
    const cps = await t.intake('cps', { businessName: 'Cps Carrier' })
    const cef = await t.intake('cef', { businessName: 'Cef Carrier' })
    const web = await t.intake('website', { businessName: 'Web Carrier' })
    expect((await t.send(financeRep.token, 'GET', `/cps-credit-applications/${cps}`)).statusCode).toBe(200)
    expect((await t.send(truckRep.token, 'GET', `/cps-credit-applications/${cps}`)).statusCode).toBe(404)
    expect((await t.send(truckRep.token, 'GET', `/website-credit-applications/${web}`)).statusCode).toBe(200)
    // Through another source's path, an application is a missing one.
    expect((await t.send(t.admin.token, 'GET', `/website-credit-applications/${cef}`)).statusCode).toBe(404)
    expect((await t.send(t.admin.token, 'GET', `/cef-credit-applications/${cef}`)).json()).toMatchObject({
      source: 'cef',
      status: 'New',
      businessName: 'Cef Carrier',
    })
    const wrong = await t.send(null, 'POST', '/cps-credit-applications', {}, { 'x-api-key': 'x'.repeat(40) })
    expect(wrong.statusCode).toBe(401)
    expect((await t.send(null, 'POST', '/cef-credit-applications', {})).statusCode).toBe(401)
    const list = (await t.send(financeRep.token, 'GET', '/cps-credit-applications')).json()
    expect(list.rows.map((r: { businessName: string }) => r.businessName)).toContain('Cps Carrier')
    expect((await t.send(financeRep.token, 'GET', '/cef-credit-applications')).json().total).toBe(0)
  })

  it("hides applications from the division's sales reps: only its credit analysts and executives see them", async () => {
    const id = await t.intake('website', { businessName: 'Analysts Only' })
    expect((await t.send(salesRep.token, 'GET', `/website-credit-applications/${id}`)).statusCode).toBe(404)
    expect((await t.send(salesRep.token, 'GET', '/website-credit-applications')).json().total).toBe(0)
    const before = await t.eventCount()
    const edit = await t.send(salesRep.token, 'PATCH', `/website-credit-applications/${id}`, { businessName: 'X' })
    expect(edit.statusCode).toBe(404)
    expect(await t.eventCount()).toBe(before)
    expect((await t.send(truckRep.token, 'GET', `/website-credit-applications/${id}`)).statusCode).toBe(200)
    expect((await t.send(execAnalyst.token, 'GET', `/website-credit-applications/${id}`)).statusCode).toBe(200)
  })

  it("assigns an analyst of the application's divisions, lists and filters by analyst, and unassigns", async () => {
    const id = await t.intake('website', { businessName: 'Assigned Axles', eqAmountFinanced: 1000 })
    const path = `/website-credit-applications/${id}`
    const analysts = (await t.send(t.admin.token, 'GET', '/website-credit-applications/analysts')).json()
    expect(analysts.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Ed Exec', 'Rita Reveal', 'Tim Trucks']),
    )
    expect(analysts.map((a: { name: string }) => a.name)).not.toContain('Cora Finance')
    expect(analysts.map((a: { name: string }) => a.name)).not.toContain('Sam Sales')
    // An analyst is offered the analysts of their own division.
    const own = (await t.send(truckRep.token, 'GET', '/website-credit-applications/analysts')).json()
    expect(own.map((a: { divisionId: number }) => a.divisionId)).toEqual(own.map(() => 4))
    expect((await t.send(salesRep.token, 'GET', '/website-credit-applications/analysts')).json()).toEqual([])

    for (const other of [financeRep, salesRep]) {
      const refused = await t.send(truckRep.token, 'POST', `${path}/assign-analyst`, { analystId: other.userId })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ title: m.updateFailed, errors: { analystId: m.notAnAnalyst } })
    }
    const assigned = await t.send(truckRep.token, 'POST', `${path}/assign-analyst`, { analystId: execAnalyst.userId })
    expect(assigned.statusCode, assigned.body).toBe(200)
    // Moving it keeps the assigned analyst.
    expect((await t.send(truckRep.token, 'POST', `${path}/status`, { statusId: 2 })).statusCode).toBe(200)
    await t.caughtUp()
    const byAnalyst = encodeURIComponent(
      JSON.stringify({ filter: { analystId: execAnalyst.userId }, sort: { field: 'analystName', direction: 'asc' } }),
    )
    const list = (await t.send(truckRep.token, 'GET', `/website-credit-applications?options=${byAnalyst}`)).json()
    expect(list.rows).toEqual([
      expect.objectContaining({ id, analystId: execAnalyst.userId, analystName: 'Ed Exec', status: 'In review' }),
    ])

    expect((await t.send(truckRep.token, 'POST', `${path}/assign-analyst`, { analystId: null })).statusCode).toBe(200)
    await t.caughtUp()
    const none = encodeURIComponent(JSON.stringify({ filter: { analystId: 'none', search: 'Assigned Axles' } }))
    const unassigned = (await t.send(truckRep.token, 'GET', `/website-credit-applications?options=${none}`)).json()
    expect(unassigned.rows).toEqual([expect.objectContaining({ id, analystId: null, analystName: null })])
  })

  it('sorts by analyst name either way, newest first within an analyst, the unassigned last, page after page', async () => {
    for (const [analyst, business] of [
      [truckRep, 'Sorted One'],
      [revealer, 'Sorted Two'],
      [truckRep, 'Sorted Three'],
      [execAnalyst, 'Sorted Four'],
      [null, 'Sorted Five'],
    ] as const) {
      const id = await t.intake('website', { businessName: business })
      const assigned = await t.send(truckRep.token, 'POST', `/website-credit-applications/${id}/assign-analyst`, {
        analystId: analyst?.userId ?? null,
      })
      expect(assigned.statusCode, assigned.body).toBe(200)
    }
    await t.caughtUp()
    type Row = { id: string; analystName: string | null; receivedAt: string }
    const page = async (sort: object, first: number): Promise<{ rows: Row[]; total: number }> => {
      const options = encodeURIComponent(JSON.stringify({ sort, pagination: { limit: 5, first } }))
      return (await t.send(t.admin.token, 'GET', `/website-credit-applications?options=${options}`)).json()
    }
    const everyRow = async (sort: object) => {
      const rows: Row[] = []
      for (let first = 0; ; first += 5) {
        const next = await page(sort, first)
        rows.push(...next.rows)
        if (first + 5 >= next.total) return rows
      }
    }
    const all = await everyRow({ field: 'receivedAt', direction: 'desc' })
    expect(all.filter((r) => r.analystName !== null).length).toBeGreaterThanOrEqual(4)
    for (const direction of ['asc', 'desc'] as const) {
      const name = (r: Row) => r.analystName?.toLowerCase()
      const expected = [...all].sort(
        (a, b) =>
          (name(a) === name(b) ? 0 : name(a) === undefined ? 1 : name(b) === undefined ? -1 : 0) ||
          (direction === 'asc' ? 1 : -1) * (name(a) ?? '').localeCompare(name(b) ?? '') ||
          b.receivedAt.localeCompare(a.receivedAt) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      const sorted = await everyRow({ field: 'analystName', direction })
      expect(sorted.map((r) => [r.analystName, r.id])).toEqual(expected.map((r) => [r.analystName, r.id]))
    }
  })

  it('takes the public form from a person, and files nothing for a bot', async () => {
    const before = await t.eventCount()
    // The form asks for its token when it opens; the least fill time runs from then (public-form.int.spec.ts).
    const { formToken } = (await t.send(null, 'GET', '/website-credit-applications/apply/form-token')).json()
    const form = { businessName: 'Form Freight', applicantFirstName: 'Fay', formToken }
    const trapped = await t.send(null, 'POST', '/website-credit-applications/apply', { ...form, website: 'http://x' })
    expect(trapped.statusCode).toBe(201)
    const hurried = await t.send(null, 'POST', '/website-credit-applications/apply', form)
    expect(hurried.statusCode).toBe(422)
    expect(await t.eventCount()).toBe(before)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const sent = await t.send(null, 'POST', '/website-credit-applications/apply', form)
    expect(sent.json()).toEqual({ message: m.submitted })
    await t.caughtUp()
    const options = encodeURIComponent(JSON.stringify({ filter: { search: 'Form Freight' } }))
    const list = (await t.send(truckRep.token, 'GET', `/website-credit-applications?options=${options}`)).json()
    expect(list.rows).toHaveLength(1)
    expect(list.rows[0]).toMatchObject({ status: 'New', applicantName: 'Fay', applicationDate: expect.any(String) })
  })

  it('reviews an application: edit, lists, complete, status, with the product messages', async () => {
    const id = await t.intake('website', { businessName: 'Review Rigs', applicantFirstName: 'Rob' })
    const path = `/website-credit-applications/${id}`
    const bad = await t.send(truckRep.token, 'PATCH', path, { applicantSsn: '12' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual({ applicantSsn: m.invalidSsn })

    const refused = await t.send(truckRep.token, 'POST', `${path}/complete`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      title: m.completeFailed,
      errors: { applicantSsn: 'Please add applicant ssn', eqAmountFinanced: 'Please add amount financed' },
    })
    const early = await t.send(truckRep.token, 'POST', `${path}/status`, { statusId: 5 })
    expect(early.json()).toMatchObject({ title: m.updateFailed, errors: { statusId: expect.any(String) } })

    const { loans: _loans, businessName: _name, ...rest } = application
    expect((await t.send(truckRep.token, 'PATCH', path, rest)).statusCode).toBe(200)
    for (const [list, items] of Object.entries({
      loans: [{ lender: 'First Bank', amount: 20000, paidOff: false }],
      owners: [{ name: 'Rob Ray', ownershipPercent: 100 }],
      residences: [{ street: '1 Main St', city: 'Dallas', state: 'TX', years: 5 }],
      references: [{ name: 'Jo Ray', phone: '(555) 555-0101', relationship: 'Partner' }],
    })) {
      expect((await t.send(truckRep.token, 'PUT', `${path}/${list}`, { items })).statusCode).toBe(200)
      await t.caughtUp()
      expect((await t.send(truckRep.token, 'GET', `${path}/${list}`)).json()).toEqual(items)
    }
    expect((await t.send(truckRep.token, 'POST', `${path}/complete`)).statusCode).toBe(200)
    expect((await t.send(truckRep.token, 'POST', `${path}/status`, { statusId: 2 })).statusCode).toBe(200)
    expect((await t.send(truckRep.token, 'POST', `${path}/status`, { statusId: 5 })).statusCode).toBe(200)
    await t.caughtUp()
    const detail = (await t.send(truckRep.token, 'GET', path)).json()
    expect(detail).toMatchObject({
      status: 'Approved not funded',
      finished: true,
      amount: 85000,
      analystName: 'Tim Trucks',
      applicantSsn: '***-**-4321',
      masked: {
        applicantSsn: '***-**-4321',
        bankAccountNumber: '****6789',
        coApplicantSsn: null,
        // Neither month nor day of the date of birth (1980-05-12).
        applicantDateOfBirth: '**/**/****',
      },
      fields: { eqMake: 'Volvo', businessName: 'Review Rigs' },
    })

    const pdf = await t.send(truckRep.token, 'GET', `${path}/preview`)
    expect(pdf.headers['content-type']).toContain('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('finds the matching contact, merges, and creates a contact from an application', async () => {
    const contact = await t.send(truckRep.token, 'POST', '/contacts', {
      name: 'Match Motors',
      dotNumber: '5550001',
      organizationTypeId: 7,
    })
    const contactId = contact.json().id as string
    const id = await t.intake('website', { businessName: 'Other Name', businessDotNumber: '5550001' })
    const path = `/website-credit-applications/${id}`
    const found = (await t.send(truckRep.token, 'GET', `${path}/possible-contacts`)).json()
    expect(found).toEqual([expect.objectContaining({ id: contactId, name: 'Match Motors', matchedOn: ['DOT'] })])

    expect((await t.send(truckRep.token, 'POST', `${path}/merge-with-contact`, { contactId })).statusCode).toBe(200)
    await t.caughtUp()
    const merged = (await t.send(truckRep.token, 'GET', `/contacts/${contactId}`)).json()
    expect(merged).toMatchObject({ isCreditApp: true, creditAppDate: new Date().toISOString().slice(0, 10) })
    expect((await t.send(truckRep.token, 'GET', path)).json()).toMatchObject({ contactId, contactName: 'Match Motors' })

    const fresh = await t.intake('website', { businessName: 'New From App', applicantFirstName: 'Nia' })
    const noType = await t.send(truckRep.token, 'POST', '/contacts/credit-application-contact', {
      applicationId: fresh,
    })
    expect(noType.json().errors).toEqual({ organizationTypeId: 'Please Select Organization Type' })
    const created = await t.send(truckRep.token, 'POST', '/contacts/credit-application-contact', {
      applicationId: fresh,
      organizationTypeId: 5,
    })
    expect(created.statusCode, created.body).toBe(201)
    await t.caughtUp()
    const newContact = (await t.send(truckRep.token, 'GET', `/contacts/${created.json().id}`)).json()
    expect(newContact).toMatchObject({ name: 'New From App', ownerName: 'Nia', isCreditApp: true })
  })

  it('never keeps an SSN in plain text, and reveals it only with the permission, recording each reveal', async () => {
    const id = await t.intake('website', application)
    const path = `/website-credit-applications/${id}`
    await t.send(truckRep.token, 'PATCH', path, { coApplicantSsn: '111-22-3333' })
    await t.caughtUp()
    const digitsOnly = SSN.replace(/-/g, '')
    const events = await sql<{ text: string }>`select data::text as text from events`.execute(t.database.db)
    const readModel = await sql<{ text: string }>`select t::text as text from credit_applications t`.execute(
      t.database.db,
    )
    for (const { text } of [...events.rows, ...readModel.rows]) {
      for (const secret of [SSN, digitsOnly, '111-22-3333', '1980-05-12', '000123456789'])
        expect(text).not.toContain(secret)
    }
    const before = await t.eventCount()
    const refused = await t.send(truckRep.token, 'POST', `${path}/reveal`, { field: 'applicantSsn' })
    expect(refused.statusCode).toBe(403)
    expect(await t.eventCount()).toBe(before)
    const shown = await t.send(revealer.token, 'POST', `${path}/reveal`, { field: 'applicantSsn' })
    expect(shown.json()).toEqual({ field: 'applicantSsn', value: SSN })
    const { rows } = await sql<{ type: string; data: { revealedBy: string } }>`
      select type, data from events where type = 'CreditApplicationDataRevealed'`.execute(t.database.db)
    expect(rows.map((r) => r.data.revealedBy)).toEqual([revealer.userId])
    expect(t.logLines.length).toBeGreaterThan(0)
    for (const line of t.logLines) {
      for (const secret of [SSN, digitsOnly, '111-22-3333', '1980-05-12']) expect(line).not.toContain(secret)
    }
  })
})
