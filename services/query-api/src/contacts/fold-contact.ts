import {
  contactStatusNames,
  evolveContact,
  initialContactState,
  type ContactEvent,
  type ContactFieldValue,
  type ContactState,
  type ContactStatusId,
} from '@crm/contracts'
import type { StoredContactEvent } from './contact-events'

/** The contact as of a moment: the deciders' state, plus the open-task markers and note subjects it ignores. */
export interface FoldedContact {
  state: ContactState
  /** Open tasks by task id → who holds them. */
  openTasks: Map<string, string | null>
  /** Note subjects by note id (the state keeps who wrote them). */
  noteSubjects: Map<string, string | null>
}

export const emptyFold = (): FoldedContact => ({
  state: initialContactState,
  openTasks: new Map(),
  noteSubjects: new Map(),
})

/** Folds one event with the same evolve function the contact's deciders use. */
export function foldEvent(folded: FoldedContact, event: StoredContactEvent): FoldedContact {
  const state = evolveContact(folded.state, { type: event.type, data: event.data } as ContactEvent)
  const data = event.data as { taskId?: string; assigned?: string; noteId?: string; subject?: string | null }
  if (event.type === 'ContactTaskOpened' && data.taskId) folded.openTasks.set(data.taskId, data.assigned ?? null)
  if (event.type === 'ContactTaskClosed' && data.taskId) folded.openTasks.delete(data.taskId)
  if (event.type === 'SharedNoteAdded' && data.noteId) folded.noteSubjects.set(data.noteId, data.subject ?? null)
  return { ...folded, state }
}

export const foldEvents = (events: StoredContactEvent[]): FoldedContact => events.reduce(foldEvent, emptyFold())

/** The profile facts a person reads, labelled as on the contact page. */
const profileLabels: [string, string][] = [
  ['name', 'Name'],
  ['dba', 'DBA'],
  ['ownerName', 'Owner'],
  ['email', 'Email'],
  ['businessPhone', 'Business phone'],
  ['mobilePhone', 'Mobile phone'],
  ['homePhone', 'Home phone'],
  ['mcNumber', 'MC number'],
  ['dotNumber', 'DOT number'],
  ['numberOfTrucks', 'Number of trucks'],
  ['dateEstablished', 'Date established'],
  ['currentBalance', 'Current balance'],
  ['daysLate', 'Days late'],
]
const addressLabels: [string, string][] = [
  ['street1', 'Street'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
]

const text = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return String(value)
}

export const statusName = (id: number) => contactStatusNames[id as ContactStatusId] ?? `Status ${id}`

/** The folded contact as labelled fields (profile, standing per division, open tasks): what the diff compares. */
export function contactFields(
  folded: FoldedContact,
  names: { users: Map<string, string>; divisions: Map<number, string> },
): ContactFieldValue[] {
  const { state } = folded
  const profile = (state.profile ?? {}) as Record<string, unknown>
  const address = (profile.address ?? {}) as Record<string, unknown>
  const fields: ContactFieldValue[] = profileLabels.map(([field, label]) => ({
    field,
    label,
    value:
      field === 'currentBalance' && typeof profile[field] === 'number' ? usd(profile[field]) : text(profile[field]),
  }))
  for (const [field, label] of addressLabels)
    fields.push({ field: `address.${field}`, label, value: text(address[field]) })
  fields.push({ field: 'outOfBusiness', label: 'Out of business', value: text(state.outOfBusiness) })
  fields.push({ field: 'deleted', label: 'Deleted', value: text(state.deleted) })
  for (const [id, membership] of Object.entries(state.divisions)) {
    const division = names.divisions.get(Number(id)) ?? `Division ${id}`
    const user = membership.assigned ? (names.users.get(membership.assigned) ?? 'Unknown user') : null
    fields.push({
      field: `division.${id}.status`,
      label: `Status in ${division}`,
      value: statusName(membership.statusId),
    })
    fields.push({ field: `division.${id}.assigned`, label: `Assigned in ${division}`, value: user })
  }
  fields.push({ field: 'openTasks', label: 'Open tasks', value: String(folded.openTasks.size) })
  fields.push({ field: 'sharedNotes', label: 'Shared notes', value: String(Object.keys(state.sharedNotes).length) })
  return fields
}

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(value)

/** Every user id the folded contact mentions (assignees, task holders, note authors). */
export function mentionedUsers(folded: FoldedContact): string[] {
  const ids = new Set<string>()
  for (const m of Object.values(folded.state.divisions)) if (m.assigned) ids.add(m.assigned)
  for (const holder of folded.openTasks.values()) if (holder) ids.add(holder)
  for (const note of Object.values(folded.state.sharedNotes)) ids.add(note.authorId)
  return [...ids]
}
