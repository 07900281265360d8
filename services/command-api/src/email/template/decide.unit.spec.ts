import type { Caller, EmailTemplateEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../../command-handling/ids'
import { templateDecider, type TemplateCommand } from './decide'

const AUTHOR = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'
const context = { now: new Date('2026-06-12T15:00:00Z'), ids: idsFor('test') }
const rep = (userId: string, divisionId = 15): Caller => ({ userId, divisionId, permissions: ['call'] })
const manager = (userId: string, divisionId = 15): Caller => ({ userId, divisionId, permissions: ['manager'] })

const given = (...events: EmailTemplateEvent[]) => events.reduce(templateDecider.evolve, templateDecider.initialState)
const when = (events: EmailTemplateEvent[], command: TemplateCommand) =>
  templateDecider.decide(given(...events), command, context)

const created = (scope: 'personal' | 'division'): EmailTemplateEvent => ({
  type: 'EmailTemplateCreated',
  data: { templateId: 't-1', ownerId: AUTHOR, divisionId: 15, name: 'Intro', subject: 'Hi', body: '<p>Hi</p>', scope },
})

describe('email template decider', () => {
  it('creates a template in the author’s division; only a cross-division user names another', () => {
    const data = { name: ' Intro ', subject: 'Hi', body: '<p>Hi</p>', scope: 'division' as const, divisionId: 99 }
    const [event] = when([], { type: 'CreateTemplate', templateId: 't-1', actor: rep(AUTHOR), data })
    expect(event).toMatchObject({
      type: 'EmailTemplateCreated',
      data: { divisionId: 15, name: 'Intro', ownerId: AUTHOR },
    })
    const executive = { userId: OTHER, divisionId: 1, permissions: ['executive'] }
    const [other] = when([], { type: 'CreateTemplate', templateId: 't-1', actor: executive, data })
    expect(other).toMatchObject({ data: { divisionId: 99 } })
  })

  it('records only the fields an edit changes', () => {
    const events = when([created('personal')], {
      type: 'ChangeTemplate',
      actor: rep(AUTHOR),
      changes: { name: 'Intro', subject: 'Welcome' },
    })
    expect(events).toEqual([
      { type: 'EmailTemplateChanged', data: { templateId: 't-1', changes: { subject: 'Welcome' }, changedBy: AUTHOR } },
    ])
    expect(
      when([created('personal')], { type: 'ChangeTemplate', actor: rep(AUTHOR), changes: { name: 'Intro' } }),
    ).toEqual([])
  })

  it('answers a personal template of someone else as a missing one, even to their manager', () => {
    for (const actor of [rep(OTHER), manager(OTHER)]) {
      expect(() => when([created('personal')], { type: 'DeleteTemplate', actor })).toThrow(
        expect.objectContaining({ status: 404 }),
      )
    }
  })

  it('lets a division’s manager edit its template, a colleague only use it, another division not see it', () => {
    const change = (actor: Caller) =>
      when([created('division')], { type: 'ChangeTemplate', actor, changes: { name: 'New' } })
    expect(change(manager(OTHER))).toHaveLength(1)
    expect(() => change(rep(OTHER))).toThrow(expect.objectContaining({ status: 403 }))
    expect(() => change(manager(OTHER, 16))).toThrow(expect.objectContaining({ status: 404 }))
  })

  it('refuses to touch a deleted template', () => {
    const deleted: EmailTemplateEvent = { type: 'EmailTemplateDeleted', data: { templateId: 't-1', deletedBy: AUTHOR } }
    expect(() => when([created('personal'), deleted], { type: 'DeleteTemplate', actor: rep(AUTHOR) })).toThrow(
      expect.objectContaining({ status: 404 }),
    )
  })
})
