import {
  contactStatusNames,
  divisionMention,
  type ContactCreated,
  type ContactStatusId,
  type UserRegistered,
  withoutSecrets,
} from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { contactDetailSummarizers } from './contact-detail-summaries'
import { contactSummarizers } from './contact-summaries'
import { referralSummarizers } from './referral-summaries'

type Summarizer = (data: never) => string

/** One line per event type for the contact page's history: who did what (who and when are columns). */
const summarizers: Record<string, Summarizer> = {
  ContactCreated: (data: ContactCreated['data']) =>
    `Created contact ${data.name} as ${statusName(data.statusId)} in ${divisionMention(data.divisionId)}` +
    (data.imported ? ` from a lead file (row ${data.imported.row})` : ''),
  ...contactSummarizers,
  ...contactDetailSummarizers,
  ...referralSummarizers,
  UserRegistered: (data: UserRegistered['data']) => `Registered user ${data.name} (${data.email})`,
  PersonalDataErased: (data: { reason: string | null }) => erasure('the contact', data.reason),
  CreditApplicationPersonalDataErased: (data: { reason: string | null }) => erasure('the applicants', data.reason),
}

const erasure = (whose: string, reason: string | null) =>
  `Erased the personal data of ${whose}${reason ? ` (${reason})` : ''}`

export function summarize(event: Pick<StoredEvent, 'type' | 'data'>): string {
  const summarizer = summarizers[event.type]
  if (summarizer) {
    try {
      return summarizer(event.data as never)
    } catch {
      // An old or malformed payload still gets a line rather than stalling the projection.
    }
  }
  return humanizeEventType(event.type)
}

/** 'ContactStatusChanged' → 'Contact status changed': a readable fallback for types without a summary yet. */
export function humanizeEventType(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
  const lower = words.toLowerCase()
  return lower.charAt(0).toUpperCase() + lower.slice(1)
}

function statusName(statusId: number): string {
  return contactStatusNames[statusId as ContactStatusId] ?? `status ${statusId}`
}

/** Credentials never go into the history: the one stripper the event export uses too. */
export { withoutSecrets }
