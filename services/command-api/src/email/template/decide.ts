import {
  emailMessages,
  mayEditTemplate,
  canSeeTemplate,
  worksAcrossDivisions,
  type Caller,
  type CreateTemplate,
  type EmailTemplateChanged,
  type EmailTemplateEvent,
  type TemplateFields,
  type TemplateScope,
  type UpdateTemplate,
} from '@crm/contracts'
import { DomainError, forbidden, notFound } from '@crm/platform'
import type { Decider } from '../../command-handling/decider'

export interface TemplateState {
  templateId: string | null
  ownerId: string
  divisionId: number | null
  deleted: boolean
  fields: TemplateFields | null
}

export type TemplateCommand =
  | { type: 'CreateTemplate'; templateId: string; actor: Caller; data: CreateTemplate }
  | { type: 'ChangeTemplate'; actor: Caller; changes: UpdateTemplate }
  | { type: 'DeleteTemplate'; actor: Caller }

export const initialTemplateState: TemplateState = {
  templateId: null,
  ownerId: '',
  divisionId: null,
  deleted: false,
  fields: null,
}

export function evolveTemplate(state: TemplateState, event: EmailTemplateEvent): TemplateState {
  switch (event.type) {
    case 'EmailTemplateCreated': {
      const { templateId, ownerId, divisionId, ...fields } = event.data
      return { templateId, ownerId, divisionId, deleted: false, fields }
    }
    case 'EmailTemplateChanged':
      return state.fields ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state
    case 'EmailTemplateDeleted':
      return { ...state, deleted: true }
  }
}

/** A division template of another division only for those who work across divisions. */
function divisionOf(actor: Caller, requested: number | undefined): number {
  return requested !== undefined && worksAcrossDivisions(actor) ? requested : actor.divisionId
}

function create(state: TemplateState, command: Extract<TemplateCommand, { type: 'CreateTemplate' }>) {
  if (state.templateId) throw new DomainError('This template already exists')
  const d = command.data
  return [
    {
      type: 'EmailTemplateCreated' as const,
      data: {
        templateId: command.templateId,
        ownerId: command.actor.userId,
        divisionId: divisionOf(command.actor, d.divisionId),
        name: d.name.trim(),
        subject: d.subject.trim(),
        body: d.body,
        scope: d.scope,
      },
    },
  ]
}

/** The template as the actor may touch it: one they may not see is a missing one; seen but not theirs, forbidden. */
function editable(state: TemplateState, actor: Caller): TemplateFields & { scope: TemplateScope } {
  if (!state.templateId || state.deleted || !state.fields) throw notFound(emailMessages.templateNotFound)
  const standing = { scope: state.fields.scope, ownerId: state.ownerId, divisionId: state.divisionId }
  if (!canSeeTemplate(actor, standing)) throw notFound(emailMessages.templateNotFound)
  if (!mayEditTemplate(actor, standing)) throw forbidden()
  return state.fields
}

function change(state: TemplateState, command: Extract<TemplateCommand, { type: 'ChangeTemplate' }>) {
  const current = editable(state, command.actor)
  const changes: EmailTemplateChanged['data']['changes'] = {}
  for (const key of ['name', 'subject', 'body', 'scope'] as const) {
    const value = command.changes[key]
    if (value !== undefined && value !== current[key]) Object.assign(changes, { [key]: value })
  }
  // Making a shared template personal takes it from the division: only its author may.
  if (changes.scope === 'personal' && state.ownerId !== command.actor.userId) throw forbidden()
  if (Object.keys(changes).length === 0) return []
  return [
    {
      type: 'EmailTemplateChanged' as const,
      data: { templateId: state.templateId!, changes, changedBy: command.actor.userId },
    },
  ]
}

function remove(state: TemplateState, command: Extract<TemplateCommand, { type: 'DeleteTemplate' }>) {
  editable(state, command.actor)
  return [
    {
      type: 'EmailTemplateDeleted' as const,
      data: { templateId: state.templateId!, deletedBy: command.actor.userId },
    },
  ]
}

/** The template aggregate (stream email-template-<id>): pure. */
export const templateDecider: Decider<TemplateState, TemplateCommand, EmailTemplateEvent> = {
  initialState: initialTemplateState,
  evolve: evolveTemplate,
  startsStream: (command) => command.type === 'CreateTemplate',
  decide: (state, command): EmailTemplateEvent[] => {
    switch (command.type) {
      case 'CreateTemplate':
        return create(state, command)
      case 'ChangeTemplate':
        return change(state, command)
      case 'DeleteTemplate':
        return remove(state, command)
    }
  },
}
