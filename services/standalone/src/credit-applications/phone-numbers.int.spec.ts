import { creditApplicationStreamId } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '../testing/test-env'
import { createCreditStack } from './credit-stack'

const mustBeUs = (label: string) => `${label} must be a US phone number like (555) 123-4567`

/** The phones of a credit application (docs/decisions/049): in the mask or refused; stored ones read as they are. */
describe.each(databaseTargets())('credit application phones on $name', (target) => {
  let t: Awaited<ReturnType<typeof createCreditStack>>
  let analyst: { token: string; userId: string }

  beforeAll(async () => {
    t = await createCreditStack(target)
    analyst = await t.userWith('Cleo Credit', ['call', 'credit-analyst'], { divisionId: 2 })
  }, 120_000)
  afterAll(() => t?.close())

  const detail = async (id: string) => {
    const response = await t.send(analyst.token, 'GET', `/cps-credit-applications/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  it('takes the applicant’s phones in the mask and refuses what is not a US number, naming the field', async () => {
    const id = await t.intake('cps', {
      businessName: 'Masked Haulers',
      businessPhone: '555.123.4567',
      applicantPhone: '+1 555 123 4568',
      owners: [{ name: 'Olga Owner', phone: '1-555-123-4569' }],
    })
    const read = await detail(id)
    expect(read.fields).toMatchObject({ businessPhone: '(555) 123-4567', applicantPhone: '(555) 123-4568' })
    expect(read.owners).toEqual([expect.objectContaining({ phone: '(555) 123-4569' })])

    const edit = await t.send(analyst.token, 'PATCH', `/cps-credit-applications/${id}`, { coApplicantPhone: 'n/a' })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().errors).toEqual({ coApplicantPhone: mustBeUs('Co-applicant phone') })
    const references = await t.send(analyst.token, 'PUT', `/cps-credit-applications/${id}/references`, {
      items: [{ name: 'Rex Reference', phone: 'ask at the yard' }],
    })
    expect(references.statusCode).toBe(400)
    expect(Object.values(references.json().errors)).toEqual([mustBeUs('Reference phone')])
  })

  it('the intake refuses an applicant phone that is not one', async () => {
    const refused = await t.send(
      null,
      'POST',
      '/cps-credit-applications',
      { businessName: 'Maybe Haulers', applicantPhone: 'call me maybe' },
      { 'x-api-key': testEnv.CPS_INTAKE_KEY },
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ applicantPhone: mustBeUs('Applicant phone') })
  })

  it('an application whose phones were stored before the rule reads back as it was', async () => {
    const id = await t.intake('cps', { businessName: 'Old Number Haulers' })
    const occurredAt = new Date().toISOString()
    const commandId = `old-phones-${id}`
    const metadata = {
      commandId,
      userId: analyst.userId,
      divisionId: 2,
      correlationId: commandId,
      causationId: null,
      occurredAt,
    }
    await t.store.appendToStream(
      creditApplicationStreamId(id),
      [
        {
          eventId: randomUUID(),
          type: 'CreditApplicationEdited',
          data: {
            applicationId: id,
            changes: { applicantPhone: 'call me maybe' },
            sensitive: {},
            editedBy: analyst.userId,
          },
          metadata,
        },
        {
          eventId: randomUUID(),
          type: 'CreditApplicationListReplaced',
          data: {
            applicationId: id,
            list: 'owners',
            items: [{ name: 'Old Owner', phone: '555-0100' }],
            editedBy: analyst.userId,
          },
          metadata,
        },
      ],
      { expectedVersion: 'any' },
    )
    await t.caughtUp()
    const read = await detail(id)
    expect(read.fields).toMatchObject({ applicantPhone: 'call me maybe' })
    expect(read.owners).toEqual([expect.objectContaining({ phone: '555-0100' })])
    const owners = await t.send(analyst.token, 'GET', `/cps-credit-applications/${id}/owners`)
    expect(owners.statusCode, owners.body).toBe(200)
    expect(owners.json()).toEqual([expect.objectContaining({ phone: '555-0100' })])
  })
})
