import {
  DEFAULT_TASK_TIME_ZONE,
  dashboardMessages,
  type DashboardDrillPage,
  type OpportunityDashboard,
} from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import ExcelJS from 'exceljs'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const DAY = 86_400_000
const floorDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TASK_TIME_ZONE }).format(at)
const today = floorDay(Date.now())
const inDays = (n: number) => floorDay(Date.now() + n * DAY)

/** The opportunity dashboard over HTTP (docs/product.md 5 and 7, docs/decisions/029), at its paths. */
describe.each(databaseTargets())('GET /dashboard-opportunity on $name', (target) => {
  let s: LifecycleStack
  let manager: Actor
  let rep: Actor
  let teammate: Actor
  let otherManager: Actor
  let contactId: string
  let teammateContact: string
  const ids: Record<string, string> = {}
  const range = { divisionId: '15', dateFrom: inDays(-1), dateTo: inDays(60) }
  const params = (extra: Record<string, string>) => new URLSearchParams({ ...range, ...extra }).toString()
  const dashboard = async (as: Actor, userId: string) => {
    const response = await as.get(`/dashboard-opportunity?${params({ userId })}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as OpportunityDashboard
  }
  const drill = async (as: Actor, userId: string, slice: string, extra: Record<string, string> = {}) => {
    const response = await as.get(`/dashboard-opportunity/opportunities?${params({ userId, slice, ...extra })}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as DashboardDrillPage
  }
  const create = async (as: Actor, name: string, fields: Record<string, unknown>) => {
    const body = {
      opportunityName: name,
      opportunityType: 1,
      contactId: as === rep ? contactId : teammateContact,
      ...fields,
    }
    const response = await as.post('/opportunities', body)
    expect(response.statusCode, response.body).toBe(201)
    ids[name] = response.json().id
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    rep = await s.actor('Reed Rep', ['call'], { managerId: manager.userId })
    teammate = await s.actor('Tess Teammate', ['call'], { managerId: manager.userId })
    otherManager = await s.actor('Omar Other', ['call', 'manager'], { divisionId: 2 })
    contactId = await s.createContact(rep, { name: 'Pipeline Freight' })
    teammateContact = await s.createContact(teammate, { name: 'Teammate Freight' })
    const open = { probability: 20, amount: 100000, expectedCloseDate: inDays(10) }
    await create(rep, 'Five reefers', { ...open, prospectStage: 1, userId: rep.userId })
    await create(rep, 'Two flatbeds', {
      prospectStage: 3,
      probability: 50,
      amount: 50000.5,
      expectedCloseDate: inDays(20),
    })
    await create(rep, 'Lease line', { ...open, prospectStage: 1 })
    await create(rep, 'Next year', { ...open, prospectStage: 1, expectedCloseDate: inDays(200) })
    await create(teammate, 'Teammate deal', {
      prospectStage: 2,
      probability: 10,
      amount: 10000,
      expectedCloseDate: inDays(5),
    })
    // Won today, although expected next month: it counts on the day it closed.
    expect((await rep.patch(`/opportunities/${ids['Lease line']}`, { prospectStage: 6 })).statusCode).toBe(200)
  }, 120_000)
  afterAll(() => s.close())

  it("refuses a missing division, salesperson or range with the product's messages, under the fields", async () => {
    const response = await rep.get('/dashboard-opportunity')
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      divisionId: 'Division must be selected',
      userId: 'Salesperson must be selected',
      dateFrom: 'Invalid Date Range',
    })
    const backwards = await rep.get(
      `/dashboard-opportunity?${params({ userId: rep.userId, dateFrom: inDays(5), dateTo: inDays(1) })}`,
    )
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().errors).toEqual({ dateFrom: dashboardMessages.invalidDateRange })
  })

  it('totals by stage, open / won / lost and weighted amounts (amount × probability / 100)', async () => {
    const d = await dashboard(rep, rep.userId)
    const byStage = Object.fromEntries(d.stages.map((x) => [x.stage, x]))
    expect(d.stages).toHaveLength(7)
    expect(byStage[1]).toMatchObject({ name: 'Prospecting', count: 1, amount: 100000, weightedAmount: 20000 })
    expect(byStage[3]).toMatchObject({ count: 1, amount: 50000.5, weightedAmount: 25000.25 })
    expect(byStage[6]).toMatchObject({ count: 1, amount: 100000 })
    expect(byStage[2]).toMatchObject({ count: 0, amount: 0 })
    expect(d.open).toEqual({ count: 2, amount: 150000.5, weightedAmount: 45000.25 })
    expect(d.won).toMatchObject({ count: 1, amount: 100000 })
    expect(d.lost).toMatchObject({ count: 0 })
    expect(d.all.count).toBe(3)
    expect(d.winRate).toBe(100)
    // The trend: weekly over this range, every week listed, the won amount in this week.
    expect(d.trend.unit).toBe('week')
    expect(d.trend.points.reduce((sum, p) => sum + p.openAmount, 0)).toBe(150000.5)
    expect(d.trend.points.reduce((sum, p) => sum + p.wonAmount, 0)).toBe(100000)
  })

  it('each number opens the opportunities behind it: the same count, close day first', async () => {
    const d = await dashboard(rep, rep.userId)
    for (const [slice, expected] of [
      ['1', d.stages[0]!.count],
      ['3', d.stages[2]!.count],
      ['6', d.won.count],
      ['open', d.open.count],
      ['all', d.all.count],
    ] as const) {
      const page = await drill(rep, rep.userId, slice)
      expect(page.total, slice).toBe(expected)
      expect(page.rows, slice).toHaveLength(expected)
    }
    const won = await drill(rep, rep.userId, '6')
    expect(won.rows[0]).toMatchObject({
      id: ids['Lease line'],
      opportunityName: 'Lease line',
      contactName: 'Pipeline Freight',
      userName: 'Reed Rep',
      closedOn: today,
      prospectStage: 6,
    })
    const paged = await drill(rep, rep.userId, 'all', { limit: '2', first: '2' })
    expect(paged).toMatchObject({ total: 3 })
    expect(paged.rows).toHaveLength(1)
  })

  it('a rep is locked to themselves; their manager reads the whole division, one salesperson or all', async () => {
    // Another salesperson is answered exactly as one that does not exist.
    const teammateAnswer = await rep.get(`/dashboard-opportunity?${params({ userId: teammate.userId })}`)
    const missingAnswer = await rep.get(`/dashboard-opportunity?${params({ userId: randomUUID() })}`)
    expect(teammateAnswer.statusCode).toBe(404)
    expect(teammateAnswer.json()).toEqual(missingAnswer.json())
    expect((await rep.get(`/dashboard-opportunity?${params({ userId: 'all' })}`)).statusCode).toBe(403)
    expect(
      (await rep.get(`/dashboard-opportunity/opportunities?${params({ userId: 'all', slice: 'all' })}`)).statusCode,
    ).toBe(403)
    const all = await dashboard(manager, 'all')
    expect(all.userId).toBeNull()
    expect(all.all.count).toBe(4)
    expect(all.stages[1]).toMatchObject({ name: 'Qualification', count: 1, amount: 10000, weightedAmount: 1000 })
    expect((await dashboard(manager, teammate.userId)).all.count).toBe(1)
    // Another division's manager may not ask for this division: 404, as for a division that does not exist.
    const elsewhere = await otherManager.get(`/dashboard-opportunity?${params({ userId: 'all' })}`)
    expect(elsewhere.statusCode).toBe(404)
    const drilled = await otherManager.get(
      `/dashboard-opportunity/opportunities?${params({ userId: 'all', slice: 'all' })}`,
    )
    expect(drilled.statusCode).toBe(404)
  })

  it('reopening a won opportunity moves it back to its expected close date', async () => {
    expect((await rep.patch(`/opportunities/${ids['Lease line']}`, { prospectStage: 5 })).statusCode).toBe(200)
    const d = await dashboard(rep, rep.userId)
    expect(d.won.count).toBe(0)
    expect(d.stages[4]).toMatchObject({ name: 'Negotiation', count: 1 })
    const [row] = (await drill(rep, rep.userId, '5')).rows
    expect(row).toMatchObject({ closedOn: null, expectedCloseDate: inDays(10) })
    // Lost this time: counted today again.
    expect((await rep.patch(`/opportunities/${ids['Lease line']}`, { prospectStage: 7 })).statusCode).toBe(200)
    expect((await dashboard(rep, rep.userId)).lost).toMatchObject({ count: 1, amount: 100000 })
  })

  it('exports the totals and the opportunities to Excel', async () => {
    const response = await manager.get(`/dashboard-opportunity/export?${params({ userId: 'all' })}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toContain('.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const stages = workbook.getWorksheet('By stage')!
    expect(stages.getRow(2).values).toEqual([undefined, 'Prospecting', 1, 100000, 20000])
    expect(stages.getRow(12).values).toEqual([undefined, 'All', 4, 260000.5, 66000.25])
    const list = workbook.getWorksheet('Opportunities')!
    expect(list.rowCount).toBe(5)
    expect(list.getRow(2).getCell(2).value).toBe('Pipeline Freight')
  })

  it('GET /opportunities/{id}: the one opportunity, or 404 to a rep who may not see it', async () => {
    const response = await manager.get(`/opportunities/${ids['Two flatbeds']}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ opportunityName: 'Two flatbeds', amount: 50000.5, userName: 'Reed Rep' })
    expect((await teammate.get(`/opportunities/${ids['Two flatbeds']}`)).statusCode).toBe(404)
  })
})
