import { type CreateLoad, type LogisticsLoadEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { now, rep } from '../testing/contact-given'
import { loadDecider, type LoadCommand } from './decide'

const loadId = '5d7c8e2a-1b3c-4d5e-8f90-a1b2c3d4e5f6'
const contactId = '0b6f8a52-9a0e-4c1e-8a51-6f1d2c3b4a59'
const context = { now, ids: idsFor('test') }
const given = (events: LogisticsLoadEvent[]) => {
  const state = events.reduce(loadDecider.evolve, loadDecider.initialState)
  return {
    when: (command: LoadCommand) => () => loadDecider.decide(state, command, context),
    then: (command: LoadCommand) => loadDecider.decide(state, command, context),
  }
}
const data: CreateLoad = {
  contactId,
  originCity: ' Dallas ',
  originStateId: 45,
  originZip: '75201',
  destinationCity: 'Chicago',
  destinationStateId: 14,
  destinationZip: '',
  pickUpDate: '2025-03-04',
  loadPay: 1200.5,
  loadTypeId: 1,
  product: 'Steel coils',
  equipmentId: 3,
  weight: 42000,
  notes: null,
}
const book: LoadCommand = { type: 'BookLoad', loadId, actor: rep, data }
const booked = () => given([]).then(book)

describe('load decider', () => {
  it('books a load of a customer: blank texts as null, pay in cents', () => {
    expect(booked()).toEqual([
      {
        type: 'LogisticsLoadBooked',
        data: {
          ...data,
          loadId,
          createdBy: rep.userId,
          originCity: 'Dallas',
          destinationZip: null,
          loadPay: 1200.5,
        },
      },
    ])
    expect(given(booked()).when(book)).toThrow('This load already exists')
  })

  it('edits only what changed; an edit that changes nothing appends nothing', () => {
    const edit = given(booked()).then({
      type: 'ChangeLoad',
      actor: rep,
      changes: { loadPay: 1300, product: 'Steel coils' },
    })
    expect(edit).toEqual([
      { type: 'LogisticsLoadChanged', data: { loadId, contactId, changes: { loadPay: 1300 }, changedBy: rep.userId } },
    ])
    expect(given(booked()).then({ type: 'ChangeLoad', actor: rep, changes: { loadPay: 1200.5 } })).toEqual([])
  })

  it('deletes a load once; a deleted or missing load is not found', () => {
    const deleted = given(booked()).then({ type: 'DeleteLoad', actor: rep })
    expect(deleted).toEqual([{ type: 'LogisticsLoadDeleted', data: { loadId, contactId, deletedBy: rep.userId } }])
    expect(given([...booked(), ...deleted]).when({ type: 'DeleteLoad', actor: rep })).toThrow('Not found')
    expect(given([]).when({ type: 'ChangeLoad', actor: rep, changes: { notes: 'x' } })).toThrow('Not found')
  })
})
