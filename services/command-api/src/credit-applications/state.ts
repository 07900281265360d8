import { CreditApplicationStatus } from '@crm/contracts'
import type {
  CreditApplicationEvent,
  CreditApplicationFields,
  CreditApplicationLists,
  CreditApplicationSource,
  CreditApplicationStatusId,
  SealedFields,
} from '@crm/contracts'

export interface CreditApplicationState {
  applicationId: string | null
  source: CreditApplicationSource | null
  divisions: number[]
  statusId: CreditApplicationStatusId
  fields: Partial<CreditApplicationFields>
  sealed: SealedFields
  lists: CreditApplicationLists
  finished: boolean
  contactId: string | null
  /** Assigned by hand, or else whoever first moved the application (as the lists show it). */
  analystId: string | null
}

export const initialCreditApplicationState: CreditApplicationState = {
  applicationId: null,
  source: null,
  divisions: [],
  statusId: CreditApplicationStatus.New,
  fields: {},
  sealed: {},
  lists: { loans: [], owners: [], residences: [], references: [] },
  finished: false,
  contactId: null,
  analystId: null,
}

export function evolveCreditApplication(
  state: CreditApplicationState,
  event: CreditApplicationEvent,
): CreditApplicationState {
  switch (event.type) {
    case 'CreditApplicationReceived': {
      const d = event.data
      return {
        ...initialCreditApplicationState,
        applicationId: d.applicationId,
        source: d.source,
        divisions: d.divisions,
        fields: d.fields,
        sealed: d.sensitive,
        lists: d.lists,
      }
    }
    case 'CreditApplicationEdited':
      return {
        ...state,
        fields: { ...state.fields, ...event.data.changes },
        sealed: { ...state.sealed, ...event.data.sensitive },
      }
    case 'CreditApplicationListReplaced':
      return { ...state, lists: { ...state.lists, [event.data.list]: event.data.items } }
    case 'CreditApplicationStatusChanged':
      return { ...state, statusId: event.data.toStatusId, analystId: state.analystId ?? event.data.changedBy }
    case 'CreditApplicationCompleted':
      return { ...state, finished: true }
    case 'CreditApplicationMergedWithContact':
      return { ...state, contactId: event.data.contactId }
    case 'CreditApplicationAnalystAssigned':
      return { ...state, analystId: event.data.analystId }
    case 'CreditApplicationDataRevealed':
    case 'CreditApplicationPersonalDataErased':
      // The erased values are already "erased" in the events that carried them (docs/decisions/035).
      return state
  }
}
