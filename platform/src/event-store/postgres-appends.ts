import type { Database } from '../db/database'
import {
  WrongExpectedVersionError,
  type AppendOptions,
  type NewEvent,
  type StreamAppend,
  type StreamAppendOutcome,
} from './event-store'

type AppendRow = {
  out_next_version: number | null
  out_position: string | null
  out_duplicate: boolean
  out_conflict: number | null
}

const commandIdOf = ({ events, options }: StreamAppend) => options.commandId ?? events[0]!.metadata.commandId
const expectedCode = ({ expectedVersion }: AppendOptions) =>
  expectedVersion === 'any' ? -1 : expectedVersion === 'no_stream' ? 0 : expectedVersion
const toPayload = (e: NewEvent) => ({
  eventId: e.eventId,
  type: e.type,
  schemaVersion: e.schemaVersion ?? 1,
  data: e.data,
  metadata: e.metadata,
})

const isCode = (error: unknown, code: string) => (error as { code?: string }).code === code

function toOutcome(row: AppendRow, { streamId, options }: StreamAppend): StreamAppendOutcome {
  if (row.out_conflict !== null) {
    return { ok: false, error: new WrongExpectedVersionError(streamId, options.expectedVersion, row.out_conflict) }
  }
  return { ok: true, nextVersion: row.out_next_version!, position: row.out_position!, duplicate: row.out_duplicate }
}

/** Whether any of the outcomes wrote something (readers are woken only then). */
export const wroteAny = (outcomes: readonly StreamAppendOutcome[]) => outcomes.some((o) => o.ok && !o.duplicate)

/** One append in one round trip (crm_append_events); a stale expected version is an outcome, not a throw. */
export async function appendOne(database: Database, append: StreamAppend): Promise<StreamAppendOutcome> {
  const commandId = commandIdOf(append)
  try {
    const rows = await database.query<AppendRow>(
      'select *, null::integer as out_conflict from crm_append_events($1, $2, $3, $4::jsonb)',
      [append.streamId, expectedCode(append.options), commandId, JSON.stringify(append.events.map(toPayload))],
      'crm_append_events',
    )
    return toOutcome(rows[0]!, append)
  } catch (error) {
    if (isCode(error, 'CRM01')) {
      const actual = Number((error as { detail?: string }).detail ?? 0)
      return {
        ok: false,
        error: new WrongExpectedVersionError(append.streamId, append.options.expectedVersion, actual),
      }
    }
    // Another writer recorded the same command id between our check and our insert: answer with its result.
    if (!isCode(error, 'CRM02')) throw error
    const rows = await database.query<{ next_version: number; position: string }>(
      'select next_version, position from event_commands where command_id = $1',
      [commandId],
    )
    return { ok: true, nextVersion: rows[0]!.next_version, position: rows[0]!.position, duplicate: true }
  }
}

/**
 * Many appends in one transaction and one round trip (crm_append_many), one outcome each. If another writer
 * records one of their command ids at the same moment, the transaction rolls back and they go one by one.
 */
export async function appendMany(database: Database, appends: readonly StreamAppend[]): Promise<StreamAppendOutcome[]> {
  const payload = appends.map((a) => ({
    streamId: a.streamId,
    expected: expectedCode(a.options),
    commandId: commandIdOf(a),
    events: a.events.map(toPayload),
  }))
  try {
    const rows = await database.query<AppendRow & { out_index: number }>(
      'select * from crm_append_many($1::jsonb)',
      [JSON.stringify(payload)],
      'crm_append_many',
    )
    return rows.map((row, i) => toOutcome(row, appends[i]!))
  } catch (error) {
    if (!isCode(error, 'CRM02')) throw error
    const outcomes: StreamAppendOutcome[] = []
    for (const append of appends) outcomes.push(await appendOne(database, append))
    return outcomes
  }
}
