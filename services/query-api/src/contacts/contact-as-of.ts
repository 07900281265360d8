import type { ContactAsOf, ContactDiff } from '@crm/contracts'
import type { Kysely } from 'kysely'
import { contactEventsUntil, namesFor } from './contact-events'
import { contactFields, foldEvent, foldEvents, mentionedUsers, statusName } from './fold-contact'

/** GET /contacts/{id}?asOf=…: the contact rebuilt from its events up to `asOf`. */
export async function contactAsOf(db: Kysely<unknown>, contactId: string, asOf: Date): Promise<ContactAsOf> {
  const events = await contactEventsUntil(db, contactId, asOf)
  const folded = foldEvents(events)
  const names = await namesFor(db, mentionedUsers(folded))
  const { state } = folded
  const userName = (id: string | null) => (id ? (names.users.get(id) ?? 'Unknown user') : null)
  return {
    asOf: asOf.toISOString(),
    position: events.at(-1)?.position ?? null,
    eventCount: events.length,
    existed: state.created,
    deleted: state.deleted,
    name: state.profile?.name ?? null,
    fields: contactFields(folded, names),
    divisions: Object.entries(state.divisions).map(([id, m]) => ({
      divisionId: Number(id),
      divisionName: names.divisions.get(Number(id)) ?? `Division ${id}`,
      status: statusName(m.statusId),
      assignedName: userName(m.assigned),
    })),
    openTasks: [...folded.openTasks.values()].map((holder) => ({ assignedName: userName(holder) })),
    notes: Object.entries(state.sharedNotes).map(([id, note]) => ({
      subject: folded.noteSubjects.get(id) ?? null,
      authorName: userName(note.authorId),
    })),
  }
}

/**
 * GET /contacts/{id}/diff: the fields that differ between two moments, and who changed each in between (every
 * event after `from` is folded one at a time and the fields it moved are credited to its user).
 */
export async function contactDiff(db: Kysely<unknown>, contactId: string, from: Date, to: Date): Promise<ContactDiff> {
  const [early, late] = from <= to ? [from, to] : [to, from]
  const events = await contactEventsUntil(db, contactId, late)
  const before = events.filter((e) => e.occurredAt <= early)
  const between = events.slice(before.length)
  const all = foldEvents(events)
  const names = await namesFor(db, [...mentionedUsers(all), ...before.concat(between).flatMap((e) => e.userId ?? [])])
  let folded = foldEvents(before)
  const start = contactFields(folded, names)
  const changedBy = new Map<string, { userName: string | null; occurredAt: string }[]>()
  let previous = new Map(start.map((f) => [f.field, f.value]))
  for (const event of between) {
    folded = foldEvent(folded, event)
    const now = contactFields(folded, names)
    for (const f of now) {
      if ((previous.get(f.field) ?? null) === f.value) continue
      const by = changedBy.get(f.field) ?? []
      by.push({ userName: event.userName, occurredAt: event.occurredAt.toISOString() })
      changedBy.set(f.field, by)
    }
    previous = new Map(now.map((f) => [f.field, f.value]))
  }
  const startValues = new Map(start.map((f) => [f.field, f.value]))
  const end = contactFields(folded, names)
  return {
    from: early.toISOString(),
    to: late.toISOString(),
    changes: end
      .filter((f) => (startValues.get(f.field) ?? null) !== f.value)
      .map((f) => ({
        field: f.field,
        label: f.label,
        before: startValues.get(f.field) ?? null,
        after: f.value,
        changedBy: changedBy.get(f.field) ?? [],
      })),
  }
}
