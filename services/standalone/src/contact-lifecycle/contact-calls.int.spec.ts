import { epicMessages, type usStates } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

describe.each(databaseTargets())(
  'contact calls of the product (divisions, assignee, permissions, pickers) on $name',
  (target) => {
    let s: LifecycleStack
    let rep: Actor
    let otherRep: Actor
    let manager: Actor
    let mine: string
    let theirs: string
    beforeAll(async () => {
      s = await createLifecycleStack(target)
      rep = await s.actor('Rita Rep', ['call'])
      otherRep = await s.actor('Otto Rep', ['call'])
      manager = await s.actor('Mona Manager', ['call', 'manager', 'change-contact-status'])
      mine = await s.createContact(rep, {
        name: 'Ridgeline Haulers',
        dotNumber: '4455661',
        address: { city: 'Reno', state: 'NV' },
      })
      theirs = await s.createContact(otherRep, { name: 'Ridgeback Freight', dotNumber: '4455662' })
    })
    afterAll(() => s.close())

    it('contactsDivisions names each division and status; a contact the caller may not see is 404', async () => {
      const divisions = await rep.get(`/contacts/contactsDivisions/${mine}`)
      expect(divisions.statusCode).toBe(200)
      expect(divisions.json()).toMatchObject([
        { divisionId: 15, statusId: 1, statusName: 'Lead', assigned: rep.userId, assignedName: 'Rita Rep' },
      ])
      expect(divisions.json()[0].divisionName).toEqual(expect.any(String))
      expect((await rep.get(`/contacts/contactsDivisions/${theirs}`)).statusCode).toBe(404)
    })

    it("assignee answers who works the contact in the caller's division", async () => {
      expect((await manager.get(`/contacts/assignee/${mine}`)).json()).toEqual({
        divisionId: 15,
        assigned: rep.userId,
        assignedName: 'Rita Rep',
      })
      expect((await otherRep.get(`/contacts/assignee/${mine}`)).statusCode).toBe(404)
    })

    it('hasPermissions answers what the server will accept from this caller', async () => {
      expect((await rep.get(`/contacts/hasPermissions/${mine}`)).json()).toEqual({
        canEdit: true,
        canChangeStatus: false,
        canConvert: true,
        canAssign: true,
        canDelete: false,
      })
      expect((await manager.get(`/contacts/hasPermissions/${mine}`)).json()).toMatchObject({ canChangeStatus: true })
      expect((await otherRep.get(`/contacts/hasPermissions/${mine}`)).statusCode).toBe(404)
    })

    it('contacts-for-async-select finds visible contacts by name or DOT, labelled without ids', async () => {
      const page = (await rep.get('/contacts/contacts-for-async-select?search=Ridge')).json()
      expect(page.options).toEqual([{ value: mine, label: 'Ridgeline Haulers · DOT 4455661 · Reno, NV' }])
      expect((await rep.get('/contacts/contacts-for-async-select?search=4455662')).json().options).toEqual([])
      expect((await rep.get('/contacts/contacts-for-async-select?search=')).statusCode).toBe(400)
    })

    it('get-statuses-by-contact-ids answers the visible ones and leaves the others out', async () => {
      const both = await rep.get(`/contact-divisions/get-statuses-by-contact-ids?contactIds=${mine},${theirs}`)
      expect(both.json()).toEqual([{ contactId: mine, divisionId: 15, statusId: 1 }])
      const repeated = await manager.get(
        `/contact-divisions/get-statuses-by-contact-ids?contactIds=${mine}&contactIds=${theirs}`,
      )
      expect(repeated.json()).toHaveLength(2)
      expect((await rep.get('/contact-divisions/get-statuses-by-contact-ids?contactIds=nope')).statusCode).toBe(400)
    })

    it('states: ids 2-52 with Washington DC at 31', async () => {
      const states = (await rep.get('/states')).json() as typeof usStates
      expect(states).toHaveLength(51)
      expect(states[0]).toEqual({ id: 2, code: 'AL', name: 'Alabama' })
      expect(states.find((st) => st.id === 31)).toEqual({ id: 31, code: 'DC', name: 'Washington DC' })
      expect(states.at(-1)).toEqual({ id: 52, code: 'WY', name: 'Wyoming' })
    })

    it('the Epic calls say plainly that no Epic is configured, and still hide what the caller may not see', async () => {
      expect((await rep.get(`/epic/epic-data?contactId=${mine}`)).json()).toEqual({
        contactId: mine,
        configured: false,
        message: epicMessages.notConfigured,
        account: null,
      })
      expect((await rep.get(`/contacts/rrg/${mine}`)).json()).toEqual({
        contactId: mine,
        configured: false,
        insuredThroughRrg: null,
        policies: [],
      })
      expect((await otherRep.get(`/epic/epic-data?contactId=${mine}`)).statusCode).toBe(404)
    })
  },
)
