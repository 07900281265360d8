import {
  contactStatusNames,
  divisionMention,
  type ContactCreated,
  type ContactStatusId,
  type UserRegistered,
} from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { contactDetailSummarizers } from './contact-detail-summaries'
import { contactSummarizers } from './contact-summaries'

type Summarizer = (data: never) => string

/** One line per event type for the contact page's history: who did what (who and when are columns). */
const summarizers: Record<string, Summarizer> = {
  ContactCreated: (data: ContactCreated['data']) =>
    `Created contact ${data.name} as ${statusName(data.statusId)} in ${divisionMention(data.divisionId)}`,
  ...contactSummarizers,
  ...contactDetailSummarizers,
  UserRegistered: (data: UserRegistered['data']) => `Registered user ${data.name} (${data.email})`,
}

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

const SECRET_KEY = /password|secret|token/i

/** History is shown to users and exported: credentials (a password hash, reset tokens) never go into it. */
export function withoutSecrets(value: unknown): unknown {
  // Nearly every payload has none: checking first avoids copying every event's data during a backfill.
  if (!hasSecret(value)) return value
  if (Array.isArray(value)) return value.map(withoutSecrets)
  return Object.fromEntries(
    Object.entries(value as object)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  )
}

function hasSecret(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some(hasSecret)
  for (const key in value) {
    if (SECRET_KEY.test(key) || hasSecret((value as Record<string, unknown>)[key])) return true
  }
  return false
}
