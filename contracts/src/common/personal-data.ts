import { z } from 'zod'

/**
 * Personal data in events (docs/decisions/035): which fields of which event types are written sealed with a key
 * of their subject (the contact they are about), so that destroying that key erases them from the store, its
 * backups and every rebuild. Paths are dotted; `*` is every element of an array or every
 * value of an object.
 *
 * What is personal: the names, phones, email and street address of a carrier and of the people listed on it,
 * what was mailed to them, the numbers they were called on, and what reps wrote about them in free text
 * (activities, notes, comments, red flags). What is not: the DOT and MC numbers, city and
 * state (public registry facts that reports count by), statuses, dates and amounts.
 */
export const ERASED = 'erased'

/** The contact profile's personal fields (ContactFields / ContactProfile). */
const profileFields = [
  'name',
  'dba',
  'ownerName',
  'email',
  'businessPhone',
  'mobilePhone',
  'homePhone',
  'saferPhone',
  'saferMobilePhone',
  'address.street1',
  'address.zip',
] as const

const additionalContactFields = ['contactPerson', 'email', 'businessPhone', 'mobilePhone'] as const

const under = (prefix: string, fields: readonly string[]) => fields.map((f) => `${prefix}.${f}`)

export interface PersonalDataRule {
  /** Field paths that are sealed when present and not null. */
  paths: readonly string[]
  /** The data field naming the subject whose key seals them (default `contactId`). */
  subject?: 'contactId' | 'applicationId'
}

/** A credit application's people: the applicant, the co-applicant, the business of an owner operator. */
const applicationFields = [
  ...['applicant', 'coApplicant'].flatMap((p) =>
    ['FirstName', 'LastName', 'Email', 'Phone', 'Street', 'Zip', 'Employer'].map((f) => `${p}${f}`),
  ),
  'driverLicenseNumber',
  'businessName',
  'businessDba',
  'businessPhone',
  'businessEmail',
  'businessStreet',
  'businessZip',
  'bankName',
  'bankruptcyInfo',
  'lawsuitInfo',
]
/** The sensitive values (already sealed with the credit data key) and their last four, sealed once more. */
const applicationSensitive = ['*.cipher', '*.last4']
/** The owners', residences' and references' people and addresses (loans name lenders only). */
const applicationListItem = ['name', 'phone', 'email', 'street', 'zip']

/** Every event type that carries personal data; its subject is always `data.contactId`. */
export const personalDataRules: Readonly<Record<string, PersonalDataRule>> = {
  ContactCreated: { paths: profileFields },
  ContactUpdated: { paths: under('changes', profileFields) },
  ContactsCombined: {
    paths: [...under('profile', profileFields), ...under('additionalContacts.*', additionalContactFields)],
  },
  AdditionalContactAdded: { paths: additionalContactFields },
  AdditionalContactUpdated: { paths: additionalContactFields },
  LeadImported: { paths: under('fields', profileFields) },
  EmailQueued: { paths: ['recipient', 'subject', 'html', 'text'] },
  EmailUnsubscribed: { paths: ['recipient'] },
  EmailAbuseReported: { paths: ['recipient'] },
  CallPlaced: { paths: ['to'] },
  // What was written about the contact in free text: mail logged as an activity quotes names and addresses.
  ActivityLogged: { paths: ['subject', 'notes'] },
  ActivityEdited: { paths: ['changes.subject', 'changes.notes'] },
  SharedNoteAdded: { paths: ['subject', 'note', 'oldCrmNote'] },
  CommentAdded: { paths: ['subject', 'note'] },
  PersonalNoteAdded: { paths: ['note'] },
  PersonalNoteUpdated: { paths: ['note'] },
  RedFlagRaised: { paths: ['note'] },
  RedFlagResolved: { paths: ['resolution'] },
  CreditApplicationReceived: {
    subject: 'applicationId',
    paths: [
      ...under('fields', applicationFields),
      ...under('sensitive', applicationSensitive),
      ...['owners', 'residences', 'references'].flatMap((list) => under(`lists.${list}.*`, applicationListItem)),
    ],
  },
  CreditApplicationEdited: {
    subject: 'applicationId',
    paths: [...under('changes', applicationFields), ...under('sensitive', applicationSensitive)],
  },
  CreditApplicationListReplaced: { subject: 'applicationId', paths: under('items.*', applicationListItem) },
}

/** The subject whose key seals an event's personal fields (null: nothing personal in it). */
export function personalDataSubject(type: string, data: unknown): string | null {
  const rule = personalDataRules[type]
  if (!rule) return null
  const subject = (data as Record<string, unknown> | null)?.[rule.subject ?? 'contactId']
  return typeof subject === 'string' && subject !== '' ? subject : null
}

/** The subject an erasure event erased (null: not an erasure). */
export function erasedSubject(type: string, data: unknown): string | null {
  const d = data as { contactId?: string; applicationId?: string } | null
  if (type === 'PersonalDataErased') return d?.contactId ?? null
  if (type === 'CreditApplicationPersonalDataErased') return d?.applicationId ?? null
  return null
}

/** POST /contacts/erase-personal-data/{id}: why (the request's reference), kept with the audited event. */
export const erasePersonalDataSchema = z.object({
  reason: z.string().trim().max(500).optional().nullable(),
})

/** The event the erasure appends to the contact's stream (audited like every change). */
export type PersonalDataErased = {
  type: 'PersonalDataErased'
  data: { contactId: string; reason: string | null }
}

/**
 * Each concrete path of `paths` in `data` holding a value (arrays expanded), with the value: what to seal, or
 * what to replace with "erased".
 */
export function personalValues(data: unknown, paths: readonly string[]): [path: string, value: unknown][] {
  const found: [string, unknown][] = []
  const walk = (node: unknown, parts: string[], at: string[]) => {
    if (node === null || typeof node !== 'object') return
    const [head, ...rest] = parts
    if (head === undefined) return
    if (head === '*') {
      for (const [key, item] of Object.entries(node)) walk(item, rest, [...at, key])
      return
    }
    const value = (node as Record<string, unknown>)[head]
    if (rest.length > 0) return walk(value, rest, [...at, head])
    if (value !== null && value !== undefined && value !== '') found.push([[...at, head].join('.'), value])
  }
  for (const path of paths) walk(data, path.split('.'), [])
  return found
}

/**
 * A copy of `data` with each of `values` set at its concrete path (the path's parents exist); `data` stays as it
 * was. Only the objects and arrays along the paths are copied, the rest is shared: every event read or written
 * passes here, and a deep copy of each was a garbage collector's worth of work on a census import.
 */
export function withValuesAt(data: unknown, values: Iterable<[path: string, value: unknown]>): unknown {
  type Node = Record<string, unknown>
  const shallow = (node: unknown): Node => (Array.isArray(node) ? [...node] : { ...(node as Node) }) as Node
  const copy = shallow(data)
  const copied = new Set<unknown>([copy])
  for (const [path, value] of values) {
    const parts = path.split('.')
    let node = copy
    for (const part of parts.slice(0, -1)) {
      if (!copied.has(node[part])) {
        node[part] = shallow(node[part])
        copied.add(node[part])
      }
      node = node[part] as Node
    }
    node[parts.at(-1)!] = value
  }
  return copy
}

/** An event's data with its personal fields read as "erased" (an erased key, or an old clear event redacted). */
export function erasedData(type: string, data: unknown): unknown {
  const rule = personalDataRules[type]
  if (!rule) return data
  const values = personalValues(data, rule.paths)
  return values.length === 0
    ? data
    : withValuesAt(
        data,
        values.map(([path]) => [path, ERASED] as [string, unknown]),
      )
}
