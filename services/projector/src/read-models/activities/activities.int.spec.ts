import type { ContactEvent } from '@crm/contracts'
import type { Database, StoredEvent } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyProjection } from '../../runtime/projection'
import { tableDigest } from '../../testing/db-helpers'
import { ACTING_USER, stored } from '../../testing/test-events'
import { commentsProjection } from '../comments/comments.projection'
import { sharedNotesProjection } from '../shared-notes/shared-notes.projection'
import { activitiesProjection } from './activities.projection'

const contactId = randomUUID()
const at = (minute: number) => `2025-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const logged = (activityId: string, activityType: number, subject: string, minute: number): ContactEvent => ({
  type: 'ActivityLogged',
  data: {
    contactId,
    activityId,
    divisionId: 15,
    activityType,
    subject,
    notes: 'first notes',
    callData: activityType === 10009 ? { duration: 60, outcome: 'Attempted' } : null,
    occurredAt: at(minute),
    userId: ACTING_USER,
    nextStep: null,
    followUpDate: null,
    attachments: [],
    source: 'form',
  },
})

/** A contact stream with edits, an inactivation, shared notes and comments, as the command API appends them. */
function streamEvents(): StoredEvent[] {
  const life: ContactEvent[] = [
    logged('call-1', 10009, 'Intro call', 1),
    logged('mail-1', 10012, 'Brochure', 2),
    {
      type: 'ActivityEdited',
      data: {
        contactId,
        activityId: 'call-1',
        divisionId: 15,
        changes: { subject: 'Pricing call', notes: null, callData: { duration: 3725, outcome: 'Answered' } },
      },
    },
    {
      type: 'ActivityEdited',
      data: { contactId, activityId: 'call-1', divisionId: 15, changes: { occurredAt: at(30), activityType: 10010 } },
    },
    { type: 'ActivityInactivated', data: { contactId, activityId: 'mail-1', divisionId: 15 } },
    {
      type: 'SharedNoteAdded',
      data: {
        contactId,
        noteId: 'note-1',
        divisionId: 3,
        subject: null,
        note: 'Dock closes at 4pm',
        oldCrmNote: null,
        createdBy: ACTING_USER,
        attachments: [],
      },
    },
    {
      type: 'CommentAdded',
      data: {
        contactId,
        commentId: 'comment-1',
        divisionId: 15,
        subject: null,
        note: 'Owner away',
        createdBy: ACTING_USER,
      },
    },
    { type: 'SharedNoteRemoved', data: { contactId, noteId: 'note-1' } },
  ]
  return life.map((event, i) => {
    const metadata = { commandId: randomUUID(), userId: ACTING_USER, divisionId: 15, occurredAt: at(40 + i) }
    const full = {
      eventId: randomUUID(),
      ...event,
      metadata: { ...metadata, correlationId: metadata.commandId, causationId: null },
    }
    return stored(full, `contact-${contactId}`, i + 1, i + 1) as StoredEvent
  })
}

const projections: [AnyProjection, string][] = [
  [activitiesProjection, 'activity_id'],
  [sharedNotesProjection, 'id'],
  [commentsProjection, 'id'],
]

for (const target of databaseTargets()) {
  describe(`activities v3, shared notes and comments read models (${target.name})`, () => {
    let database: Database
    const tablesOf = (p: AnyProjection) => Object.fromEntries(p.tables.map((t) => [t, `${t}_h3`]))
    const events = streamEvents()
    const applyAll = async (batch: number) => {
      for (const [p] of projections) {
        for (let i = 0; i < events.length; i += batch) {
          await database.db.transaction().execute((trx) => p.applyBatch(trx, events.slice(i, i + batch), tablesOf(p)))
        }
      }
    }
    const digests = () => Promise.all(projections.map(([p, key]) => tableDigest(database.db, `${p.tables[0]}_h3`, key)))

    beforeAll(async () => {
      database = await target.create()
      for (const [p] of projections) await database.db.transaction().execute((trx) => p.migrate(trx, tablesOf(p)))
      await applyAll(100)
    })
    afterAll(() => database.close())

    it('applies edits field by field and keeps an inactivated activity as an inactive row', async () => {
      const { rows } = await sql<Record<string, unknown>>`
        select activity_id, activity_type, subject, notes, call_duration, call_outcome, occurred_at, active
        from activities_h3 order by activity_id`.execute(database.db)
      expect(rows).toEqual([
        {
          activity_id: 'call-1',
          activity_type: 10010,
          subject: 'Pricing call',
          notes: null,
          call_duration: 3725,
          call_outcome: 'Answered',
          occurred_at: new Date(at(30)),
          active: true,
        },
        {
          activity_id: 'mail-1',
          activity_type: 10012,
          subject: 'Brochure',
          notes: 'first notes',
          call_duration: null,
          call_outcome: null,
          occurred_at: new Date(at(2)),
          active: false,
        },
      ])
      const notes = await sql`select id, deleted from shared_notes_h3`.execute(database.db)
      expect(notes.rows).toEqual([{ id: 'note-1', deleted: true }])
      const comments = await sql`select id, note, deleted from comments_h3`.execute(database.db)
      expect(comments.rows).toEqual([{ id: 'comment-1', note: 'Owner away', deleted: false }])
    })

    it('replaying the same events, in other batches, changes nothing (an old edit never undoes a later one)', async () => {
      const before = await digests()
      await applyAll(1)
      await applyAll(3)
      expect(await digests()).toEqual(before)
    })
  })
}
