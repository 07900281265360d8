import { upcastLessee, type Lessee, type LesseeV1 } from './contacts/lessee'

/**
 * The current version of each event type's data shape (absent: 1). Appends record it; reads of an older
 * version go through `eventUpcasters` (docs/decisions/034), so every reader sees the current shape only.
 * Events in the store are never rewritten.
 */
export const eventSchemaVersions: Readonly<Record<string, number>> = {
  // 2: the lessee's address moved from flat fields (lesseeStreet, lesseeCity, ...) into `address`.
  LesseeSet: 2,
  ContactConverted: 2,
}

/** What the event store hands an upcaster, and what it takes back (platform's Upcasters have this shape). */
export type EventUpcaster = (event: { type: string; data: unknown; schemaVersion: number }) => {
  data: unknown
  schemaVersion: number
}

const withLessee: EventUpcaster = ({ data }) => {
  const lessee = (data as { lessee?: Lessee | LesseeV1 | null }).lessee
  return { data: lessee ? { ...(data as object), lessee: upcastLessee(lessee) } : data, schemaVersion: 2 }
}

/** Old versions read as the current one, by event type. Each is safe on data already in the current shape. */
export const eventUpcasters: Readonly<Record<string, EventUpcaster>> = {
  LesseeSet: withLessee,
  ContactConverted: withLessee,
}

/** An event of any stored version as the current version (for readers that hold stored data, not the store). */
export function upcastEvent<E extends { type: string; data: unknown }>(event: E, schemaVersion = 1): E {
  const upcaster = eventUpcasters[event.type]
  return upcaster ? { ...event, data: upcaster({ ...event, schemaVersion }).data } : event
}
