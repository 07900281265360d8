/**
 * The task report and the follow-up report over HTTP, from tasks appended with the moments they were due and
 * done: Rita in New York (EST -300 until Sunday 8 March 2026, EDT -240 after) across two Sunday nights, Bert in
 * Berlin (CEST +120) across the end of the first quarter. Tasks still open from March are Past Due today; one
 * due in 2030 is on schedule. Every figure is worked out by hand in the comments.
 */
import type { TaskReport } from '@crm/contracts'
import { waitForPosition } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

describe.each(databaseTargets())('the task and follow-up reports on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let mona: Actor
  let rita: Actor
  let bert: Actor
  const taskIds: Record<string, string> = {}

  async function append(stream: string, userId: string, event: { type: string; data: object }, at: string) {
    const commandId = randomUUID()
    const metadata = { commandId, userId, divisionId: 15, correlationId: commandId, causationId: null, occurredAt: at }
    const result = await s.store.appendToStream(stream, [{ eventId: randomUUID(), ...event, metadata } as never], {
      expectedVersion: 'any',
    })
    return result.position
  }

  /** A task of `who` due at `due`; done at `done` (on time or late) or left open; a follow-up of `follows`. */
  async function task(
    who: Actor,
    contactId: string,
    name: string,
    due: string,
    done?: { at: string; late: boolean },
    follows?: string,
  ) {
    const taskId = randomUUID()
    taskIds[name] = taskId
    const created = '2026-02-01T12:00:00Z'
    let position = await append(
      `task-${taskId}`,
      who.userId,
      {
        type: 'TaskCreated',
        data: {
          taskId,
          title: name,
          description: null,
          assigned: who.userId,
          status: 0,
          priority: 0,
          dueDate: due,
          activityType: 10013,
          contactId,
          divisionId: 15,
          creationDate: created,
          referralId: null,
          nextStepId: null,
          followUpDate: null,
          reminder: null,
          attachments: [],
          isDemo: false,
          followsTaskId: follows ? taskIds[follows] : null,
          createdBy: who.userId,
        },
      },
      created,
    )
    if (done) {
      position = await append(
        `task-${taskId}`,
        who.userId,
        {
          type: 'TaskCompleted',
          data: {
            taskId,
            contactId,
            divisionId: 15,
            completedDate: done.at,
            completedBy: who.userId,
            late: done.late,
            nextStepId: 10003,
            followUpDate: null,
            followUpTaskId: null,
            activity: { activityId: randomUUID(), activityType: 10013, subject: name, notes: null, callData: null },
          },
        },
        done.at,
      )
    }
    return position
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    mona = await s.actor('Mona Manager', ['call', 'manager'])
    rita = await s.actor('Rita Rep', ['call'], { managerId: mona.userId })
    bert = await s.actor('Bert Rep', ['call'])
    const ritas = await s.createContact(rita, { name: 'Rita Freight' })
    const berts = await s.createContact(bert, { name: 'Bert Logistik' })
    await task(rita, ritas, 't1', '2026-03-02T04:30:00Z', { at: '2026-03-01T20:00:00Z', late: false }) // Sun 23:30 EST
    await task(rita, ritas, 't2', '2026-03-04T22:00:00Z', { at: '2026-03-06T15:00:00Z', late: true })
    await task(rita, ritas, 't3', '2026-03-09T03:30:00Z') // Sun 8 Mar 23:30 EDT, 22:30 EST
    await task(rita, ritas, 't4', '2026-03-09T04:30:00Z', undefined, 't2') // Mon 00:30 EDT, Sun 23:30 EST
    await task(rita, ritas, 't5', '2030-01-15T17:00:00Z')
    await task(bert, berts, 'b1', '2026-03-31T21:30:00Z', { at: '2026-03-31T20:00:00Z', late: false }) // 23:30 CEST
    const last = await task(bert, berts, 'b2', '2026-03-31T22:30:00Z', undefined, 'b1') // Wed 1 Apr 00:30 CEST
    expect(await waitForPosition(s.database.db, ['tasks', 'users'], last, 30_000)).toBe(true)
  }, 120_000)
  afterAll(() => s.close())

  const report = async (as: Actor, query: string) => {
    const response = await as.get(`/task/task-report?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as TaskReport
  }
  const rowOf = (r: TaskReport, userId: string) => r.rows.find((row) => row.userId === userId)

  it('the week of 2-8 March at -300: t2, t3 and t4 are due; one done late, two past due', async () => {
    const r = await report(mona, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300')
    // [2 Mar 05:00Z, 9 Mar 05:00Z): t1 (04:30Z) is the Sunday before; t4 (9 Mar 04:30Z) is Sunday 23:30 here.
    expect(rowOf(r, rita.userId)).toEqual({
      userId: rita.userId,
      userName: 'Rita Rep',
      counts: { due: 3, doneOnTime: 0, doneLate: 1, pastDue: 2, onSchedule: 0 },
      onTimePercent: 0,
    })
    expect(r.rows.map((row) => row.userName)).toEqual(['Rita Rep']) // Bert is not Mona's
  })

  it('the same week at -240 takes t1 and drops t4: on time 1 of 2 done = 50.00 %', async () => {
    const row = rowOf(await report(mona, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-240'), rita.userId)!
    expect([row.counts, row.onTimePercent]).toEqual([
      { due: 3, doneOnTime: 1, doneLate: 1, pastDue: 1, onSchedule: 0 },
      50,
    ])
  })

  it('the follow-up report counts only follow-ups: t4 on New York winter time, none on summer time', async () => {
    const winter = await report(mona, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300&kind=followUps')
    expect(rowOf(winter, rita.userId)?.counts).toEqual({
      due: 1,
      doneOnTime: 0,
      doneLate: 0,
      pastDue: 1,
      onSchedule: 0,
    })
    const summer = await report(mona, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-240&kind=followUps')
    expect(summer.rows).toEqual([])
  })

  it('the first quarter ends at Berlin midnight (+120) or UTC midnight (0)', async () => {
    const berlin = rowOf(
      await report(admin, 'dateFrom=2026-01-01&dateTo=2026-03-31&utcOffset=120&divisionId=15'),
      bert.userId,
    )!
    expect([berlin.counts, berlin.onTimePercent]).toEqual([
      { due: 1, doneOnTime: 1, doneLate: 0, pastDue: 0, onSchedule: 0 },
      100,
    ])
    const utc = rowOf(await report(admin, 'dateFrom=2026-01-01&dateTo=2026-03-31&utcOffset=0'), bert.userId)!
    expect(utc.counts).toEqual({ due: 2, doneOnTime: 1, doneLate: 0, pastDue: 1, onSchedule: 0 })
    const later = rowOf(await report(rita, 'dateFrom=2030-01-01&dateTo=2030-01-31'), rita.userId)!
    expect(later.counts).toEqual({ due: 1, doneOnTime: 0, doneLate: 0, pastDue: 0, onSchedule: 1 })
  })

  it('a number opens exactly its tasks (follow-up-report), with their display status', async () => {
    const query = `dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300&userId=${rita.userId}`
    const pastDue = (await mona.get(`/task/task-report/tasks?${query}&column=pastDue`)).json()
    expect([
      pastDue.total,
      pastDue.rows.map((t: { title: string; displayStatus: number }) => [t.title, t.displayStatus]),
    ]).toEqual([
      2,
      [
        ['t3', 1],
        ['t4', 1],
      ],
    ])
    const late = (await mona.get(`/task/task-report/tasks?${query}&column=doneLate`)).json()
    expect(late.rows).toMatchObject([{ title: 't2', contactName: 'Rita Freight', displayStatus: 3 }])
    expect(late.rows[0].completedDate).toBe('2026-03-06T15:00:00.000Z')
  })

  it("a rep reads only their own; another's is 404 like a missing user; no range is 'Please select date range!'", async () => {
    const own = await report(bert, 'dateFrom=2026-01-01&dateTo=2026-12-31')
    expect(own.rows.map((r) => r.userId)).toEqual([bert.userId])
    const hidden = await bert.get(`/task/task-report?range=1&userId=${rita.userId}`)
    const missing = await bert.get(`/task/task-report?range=1&userId=${randomUUID()}`)
    expect([hidden.statusCode, missing.statusCode]).toEqual([404, 404])
    const none = await mona.get('/task/task-report?dateFrom=2026-03-02')
    expect([none.statusCode, none.json().title]).toEqual([400, 'Please select date range!'])
    expect((await mona.get('/task/task-report?range=1&timeZone=Mars/Olympus')).statusCode).toBe(400)
  })
})
