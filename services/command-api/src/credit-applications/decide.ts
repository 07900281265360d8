import {
  canSeeCreditApplication,
  creditApplicationMessages as m,
  creditApplicationStatuses,
  creditApplicationTransitions,
  divisionsOfSource,
  lendingStatuses,
  mayAnalyseCreditApplication,
  mayRevealCreditData,
  requiredToComplete,
  type Caller,
  type CreditApplicationEvent,
  type CreditApplicationFields,
  type CreditApplicationListName,
  type CreditApplicationLists,
  type CreditApplicationSource,
  type CreditApplicationStatusId,
  type SealedFields,
  type SensitiveFieldKey,
  CreditApplicationStatus,
} from '@crm/contracts'
import { DomainError, forbidden, notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { evolveCreditApplication, initialCreditApplicationState, type CreditApplicationState } from './state'

type Cmd<T extends string, D = object> = { type: T } & D
/** Commands on an existing application name the source of the route they came through and who acts. */
type OnApplication<T extends string, D = object> = Cmd<T, { source: CreditApplicationSource; actor: Caller } & D>

export type CreditApplicationCommand =
  | Cmd<
      'ReceiveCreditApplication',
      {
        applicationId: string
        source: CreditApplicationSource
        channel: 'form' | 'intake'
        fields: Partial<CreditApplicationFields>
        sealed: SealedFields
        lists: CreditApplicationLists
      }
    >
  | OnApplication<'EditCreditApplication', { changes: Partial<CreditApplicationFields>; sealed: SealedFields }>
  | OnApplication<
      'ReplaceCreditApplicationList',
      { list: CreditApplicationListName; items: CreditApplicationLists[CreditApplicationListName] }
    >
  | OnApplication<'ChangeCreditApplicationStatus', { statusId: CreditApplicationStatusId; note: string | null }>
  | OnApplication<'CompleteCreditApplication'>
  | OnApplication<
      'LinkCreditApplicationToContact',
      { contactId: string; creditAppDate: string; createdContact: boolean }
    >
  | OnApplication<'RevealCreditApplicationData', { field: SensitiveFieldKey }>
  /** Recorded once the applicant's key is destroyed (erase-routes.ts); administrators only. */
  | OnApplication<'EraseCreditApplicationPersonalData', { reason: string | null }>
  | OnApplication<
      'AssignCreditAnalyst',
      /** `analyst`: the user as the users read model knows them (undefined: no such user). */
      { analystId: string | null; analyst?: { divisionId: number; permissions: readonly string[]; disabled?: boolean } }
    >
  /** Only checks that the actor may see the application (before work on other streams); decides nothing. */
  | OnApplication<'CheckCreditApplicationVisible'>

const statusName = (id: CreditApplicationStatusId) => creditApplicationStatuses[id]

/** The application must exist, come through this source's routes, and be visible to the actor: else 404. */
function assertVisible(state: CreditApplicationState, command: { source: CreditApplicationSource; actor: Caller }) {
  if (!state.applicationId || state.source !== command.source) throw notFound(m.notFound)
  if (!canSeeCreditApplication(command.actor, state.divisions)) throw notFound(m.notFound)
  return state.applicationId
}

/** Which of the fields 'complete' needs are still empty, each named under its field. */
export function missingToComplete(state: Pick<CreditApplicationState, 'fields' | 'sealed'>): Record<string, string> {
  const missing: Record<string, string> = {}
  for (const { key, label } of requiredToComplete) {
    const value =
      key in state.fields ? state.fields[key as keyof CreditApplicationFields] : state.sealed[key as SensitiveFieldKey]
    if (value === undefined || value === null || value === '') missing[key] = `Please add ${label.toLowerCase()}`
  }
  return missing
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

function decide(state: CreditApplicationState, command: CreditApplicationCommand): CreditApplicationEvent[] {
  if (command.type === 'ReceiveCreditApplication') {
    if (state.applicationId) throw new DomainError('This application already exists')
    return [
      {
        type: 'CreditApplicationReceived',
        data: {
          applicationId: command.applicationId,
          source: command.source,
          divisions: [...divisionsOfSource[command.source]],
          channel: command.channel,
          fields: Object.fromEntries(Object.entries(command.fields).filter(([, v]) => !isEmpty(v))),
          sensitive: command.sealed,
          lists: command.lists,
        },
      },
    ]
  }
  const applicationId = assertVisible(state, command)
  const by = command.actor.userId
  switch (command.type) {
    case 'CheckCreditApplicationVisible':
      return []
    case 'EditCreditApplication': {
      if (state.statusId === CreditApplicationStatus.Funded) throw new DomainError(m.alreadyFunded)
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([k, v]) => !same(v, state.fields[k as keyof CreditApplicationFields])),
      )
      const sealed = Object.fromEntries(
        Object.entries(command.sealed).filter(
          ([k, v]) => !(v === null && isEmpty(state.sealed[k as SensitiveFieldKey])),
        ),
      )
      if (Object.keys(changes).length === 0 && Object.keys(sealed).length === 0) return []
      return [{ type: 'CreditApplicationEdited', data: { applicationId, changes, sensitive: sealed, editedBy: by } }]
    }
    case 'ReplaceCreditApplicationList': {
      if (state.statusId === CreditApplicationStatus.Funded) throw new DomainError(m.alreadyFunded)
      if (same(state.lists[command.list], command.items)) return []
      return [
        {
          type: 'CreditApplicationListReplaced',
          data: { applicationId, list: command.list, items: command.items, editedBy: by },
        },
      ]
    }
    case 'ChangeCreditApplicationStatus': {
      const from = state.statusId
      const to = command.statusId
      if (from === to) return []
      if (!creditApplicationTransitions[from].includes(to)) {
        throw new FieldRuleError('statusId', m.cannotMove(statusName(from), statusName(to)))
      }
      if (lendingStatuses.includes(to) && !state.finished) throw new FieldRuleError('statusId', m.needsComplete)
      return [
        {
          type: 'CreditApplicationStatusChanged',
          data: { applicationId, fromStatusId: from, toStatusId: to, note: command.note, changedBy: by },
        },
      ]
    }
    case 'CompleteCreditApplication': {
      if (state.finished) return []
      const missing = missingToComplete(state)
      if (Object.keys(missing).length > 0) throw new FieldRuleError(missing)
      return [{ type: 'CreditApplicationCompleted', data: { applicationId, completedBy: by } }]
    }
    case 'LinkCreditApplicationToContact': {
      if (state.contactId === command.contactId) return []
      if (state.contactId) throw new DomainError(m.alreadyLinked)
      return [
        {
          type: 'CreditApplicationMergedWithContact',
          data: {
            applicationId,
            contactId: command.contactId,
            creditAppDate: command.creditAppDate,
            mergedBy: by,
            createdContact: command.createdContact,
          },
        },
      ]
    }
    case 'AssignCreditAnalyst': {
      if (state.analystId === command.analystId) return []
      if (command.analystId !== null) {
        if (!command.analyst || !mayAnalyseCreditApplication(command.analyst, state.divisions)) {
          throw new FieldRuleError('analystId', m.notAnAnalyst)
        }
      }
      return [
        {
          type: 'CreditApplicationAnalystAssigned',
          data: { applicationId, analystId: command.analystId, assignedBy: by },
        },
      ]
    }
    case 'EraseCreditApplicationPersonalData':
      return [
        {
          type: 'CreditApplicationPersonalDataErased',
          data: { applicationId, reason: command.reason, erasedBy: by },
        },
      ]
    case 'RevealCreditApplicationData': {
      if (!mayRevealCreditData(command.actor)) throw forbidden(m.revealRefused)
      if (!state.sealed[command.field]) throw new DomainError(m.nothingToReveal)
      return [{ type: 'CreditApplicationDataRevealed', data: { applicationId, field: command.field, revealedBy: by } }]
    }
  }
}

/** The credit application aggregate (stream credit-application-<id>), docs/decisions/021. Pure. */
export const creditApplicationDecider: Decider<
  CreditApplicationState,
  CreditApplicationCommand,
  CreditApplicationEvent
> = {
  initialState: initialCreditApplicationState,
  evolve: evolveCreditApplication,
  startsStream: (command) => command.type === 'ReceiveCreditApplication',
  decide: (state, command) => decide(state, command),
}
