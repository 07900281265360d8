import type {
  CreditApplicationFields,
  CreditApplicationListName,
  CreditApplicationLists,
  SensitiveFieldKey,
} from './fields'
import type { CreditApplicationSource, CreditApplicationStatusId } from './statuses'

/** A sensitive value as stored: AES-256-GCM ciphertext (key from configuration) and the last four characters. */
export interface SealedValue {
  cipher: string
  last4: string
}
export type SealedFields = Partial<Record<SensitiveFieldKey, SealedValue | null>>

/**
 * Events of the application stream (`credit-application-<id>`), docs/decisions/021. Sensitive values appear only
 * sealed. Fields are only ever added, never renamed.
 */
export type CreditApplicationReceived = {
  type: 'CreditApplicationReceived'
  data: {
    applicationId: string
    source: CreditApplicationSource
    divisions: number[]
    /** 'form' (the public page) or 'intake' (a source's system with its key). */
    channel: 'form' | 'intake'
    fields: Partial<CreditApplicationFields>
    sensitive: SealedFields
    lists: CreditApplicationLists
  }
}
export type CreditApplicationEdited = {
  type: 'CreditApplicationEdited'
  data: { applicationId: string; changes: Partial<CreditApplicationFields>; sensitive: SealedFields; editedBy: string }
}
export type CreditApplicationListReplaced = {
  type: 'CreditApplicationListReplaced'
  data: {
    applicationId: string
    list: CreditApplicationListName
    items: CreditApplicationLists[CreditApplicationListName]
    editedBy: string
  }
}
export type CreditApplicationStatusChanged = {
  type: 'CreditApplicationStatusChanged'
  data: {
    applicationId: string
    fromStatusId: CreditApplicationStatusId
    toStatusId: CreditApplicationStatusId
    note: string | null
    changedBy: string
  }
}
export type CreditApplicationCompleted = {
  type: 'CreditApplicationCompleted'
  data: { applicationId: string; completedBy: string }
}
export type CreditApplicationMergedWithContact = {
  type: 'CreditApplicationMergedWithContact'
  data: { applicationId: string; contactId: string; creditAppDate: string; mergedBy: string; createdContact: boolean }
}
/** The analyst who works the application, chosen by hand (null: none); docs/decisions/031. */
export type CreditApplicationAnalystAssigned = {
  type: 'CreditApplicationAnalystAssigned'
  data: { applicationId: string; analystId: string | null; assignedBy: string }
}
export type CreditApplicationDataRevealed = {
  type: 'CreditApplicationDataRevealed'
  data: { applicationId: string; field: SensitiveFieldKey; revealedBy: string }
}

/** The applicant's personal data erased (docs/decisions/035): the application, its status and amounts stay. */
export type CreditApplicationPersonalDataErased = {
  type: 'CreditApplicationPersonalDataErased'
  data: { applicationId: string; reason: string | null; erasedBy: string }
}

export type CreditApplicationEvent =
  | CreditApplicationReceived
  | CreditApplicationPersonalDataErased
  | CreditApplicationEdited
  | CreditApplicationListReplaced
  | CreditApplicationStatusChanged
  | CreditApplicationCompleted
  | CreditApplicationMergedWithContact
  | CreditApplicationDataRevealed
  | CreditApplicationAnalystAssigned

export const creditApplicationEventTypes = [
  'CreditApplicationReceived',
  'CreditApplicationEdited',
  'CreditApplicationListReplaced',
  'CreditApplicationStatusChanged',
  'CreditApplicationCompleted',
  'CreditApplicationMergedWithContact',
  'CreditApplicationDataRevealed',
  'CreditApplicationAnalystAssigned',
  'CreditApplicationPersonalDataErased',
] as const satisfies readonly CreditApplicationEvent['type'][]

export const creditApplicationStreamId = (applicationId: string): string => `credit-application-${applicationId}`
