import {
  describeDivisionRecordEdit,
  divisionMention,
  EffortLevel,
  type ActivityEdited,
  type AdditionalContactAdded,
  type AdditionalContactUpdated,
  type BusinessCardUploaded,
  type CommentAdded,
  type ContactAssigned,
  type ContactDivisionRecordEdited,
  type ContactEffortLevelSet,
  type ContactOutOfBusinessMarked,
  type ContactTaskClosed,
  type ContactUnassigned,
  type LeadFacts,
  type LeadImported,
  type RedFlagResolved,
  type SharedNoteAdded,
} from '@crm/contracts'

const effortLetter = (id: number) =>
  (Object.entries(EffortLevel).find(([, value]) => value === id)?.[0] as string | undefined) ?? String(id)
/** Census facts as the history names them. */
const censusLabels: Partial<Record<keyof LeadFacts, string>> = {
  operatingStatus: 'operating status',
  entityType: 'entity type',
  cargoCarried: 'cargo',
  carrierOperations: 'operations',
  operationClassification: 'classification',
  numberOfDrivers: 'drivers',
  dateEntered: 'date entered',
  mcs150Date: 'MCS-150 date',
}
const factText = (value: unknown) => (value === null || value === undefined || value === '' ? 'none' : String(value))

/** "Imported from a lead file (row 12): filled in email; drivers 3 → 5". */
function leadImportedSummary(d: LeadImported['data']): string {
  const parts: string[] = []
  const filled = Object.keys(d.fields)
  if (filled.length > 0) parts.push(`filled in ${filled.join(', ')}`)
  if (d.previousLead) {
    const previous = d.previousLead
    for (const [key, label] of Object.entries(censusLabels) as [keyof LeadFacts, string][]) {
      if (JSON.stringify(previous[key]) !== JSON.stringify(d.lead[key])) {
        parts.push(`${label} ${factText(previous[key])} → ${factText(d.lead[key])}`)
      }
    }
  }
  return `Imported from a lead file (row ${d.row})${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`
}

const withText = (text: string | null | undefined) => (text ? `: ${text}` : '')

/** What an activity edit changed, in the words of the Edit Activity form. */
const editedFields: Record<string, string> = {
  activityType: 'type',
  subject: 'subject',
  notes: 'notes',
  callData: 'call',
  occurredAt: 'date',
  attachments: 'attachments',
}

/**
 * History lines of the everyday work on a contact: assignment, details, notes, comments, activity edits and
 * the task markers. Users are named by the history's own who-column, not here (events carry ids only).
 */
export const contactDetailSummarizers = {
  ContactDeleted: () => 'Deleted the contact',
  ContactAssigned: (d: ContactAssigned['data']) =>
    `${d.previousAssigned ? 'Reassigned' : 'Assigned'} in ${divisionMention(d.divisionId)}${d.joinedDivision ? ' (joined the division as a Lead)' : ''}`,
  ContactUnassigned: (d: ContactUnassigned['data']) => `Unassigned in ${divisionMention(d.divisionId)}`,
  ContactEffortLevelSet: (d: ContactEffortLevelSet['data']) =>
    `Effort level ${effortLetter(d.effortLevel)} in ${divisionMention(d.divisionId)}${d.auto ? ' (from the number of trucks)' : ''}`,
  ContactDivisionRecordEdited: (d: ContactDivisionRecordEdited['data']) =>
    `${describeDivisionRecordEdit(d.changes, d.previous)} in ${divisionMention(d.divisionId)}`,
  LeadImported: leadImportedSummary,
  AdditionalContactAdded: (d: AdditionalContactAdded['data']) => `Added additional contact ${d.contactPerson}`,
  AdditionalContactUpdated: (d: AdditionalContactUpdated['data']) => `Edited additional contact ${d.contactPerson}`,
  AdditionalContactRemoved: () => 'Removed an additional contact',
  PersonalNoteAdded: () => 'Added a personal note',
  PersonalNoteUpdated: () => 'Edited a personal note',
  PersonalNoteRemoved: () => 'Removed a personal note',
  RedFlagResolved: (d: RedFlagResolved['data']) => `Resolved a red flag${withText(d.resolution)}`,
  ContactOutOfBusinessMarked: (d: ContactOutOfBusinessMarked['data']) =>
    d.outOfBusiness ? `Marked out of business${withText(d.note)}` : 'Marked back in business',
  BusinessCardUploaded: (d: BusinessCardUploaded['data']) => `Uploaded business card ${d.fileName}`,
  BusinessCardRemoved: () => 'Removed a business card',
  LesseeRemoved: () => 'Removed the lessee',
  ActivityEdited: (d: ActivityEdited['data']) =>
    `Edited an activity: ${Object.keys(d.changes)
      .map((key) => editedFields[key] ?? key)
      .join(', ')}`,
  ActivityInactivated: () => 'Set an activity inactive',
  SharedNoteAdded: (d: SharedNoteAdded['data']) => `Added a shared note${withText(d.subject)}`,
  SharedNoteRemoved: () => 'Removed a shared note',
  CommentAdded: (d: CommentAdded['data']) => `Commented${withText(d.subject ?? d.note.slice(0, 80))}`,
  CommentRemoved: () => 'Removed a comment',
  ContactTaskOpened: () => 'Task opened',
  ContactTaskClosed: (d: ContactTaskClosed['data']) => `Task ${d.reason}`,
}
