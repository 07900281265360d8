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
  const payload = appendsPayload(appends)
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

const appendsPayload = (appends: readonly StreamAppend[]) =>
  appends.map((a) => ({
    streamId: a.streamId,
    expected: expectedCode(a.options),
    commandId: commandIdOf(a),
    events: a.events.map(toPayload),
  }))

/** A personal-data key made for a new subject, written with the appends sealed under it (docs/decisions/057). */
export interface NewSubjectKey {
  subjectId: string
  keyId: string
  key: Buffer
}

/** The appends and their new keys were not written: a subject had a key already, or a command id was recorded. */
export class KeysNotWrittenError extends Error {
  constructor() {
    super('the appends were not written with their new keys')
  }
}

/**
 * Many appends and the new keys their events were sealed under, in one transaction and one round trip
 * (crm_append_many_with_keys): a create pays one round trip, as before its personal data was sealed. Throws
 * KeysNotWrittenError, having written nothing, when any subject had a key already (its events must be sealed
 * under that one) or another writer recorded one of the command ids meanwhile.
 */
export async function appendManyWithKeys(
  database: Database,
  appends: readonly StreamAppend[],
  keys: readonly NewSubjectKey[],
): Promise<StreamAppendOutcome[]> {
  const newKeys = keys.map((k) => ({ subject: k.subjectId, keyId: k.keyId, key: k.key.toString('base64') }))
  try {
    const rows = await database.query<AppendRow & { out_index: number }>(
      'select * from crm_append_many_with_keys($1::jsonb, $2::jsonb)',
      [JSON.stringify(appendsPayload(appends)), JSON.stringify(newKeys)],
      'crm_append_many_with_keys',
    )
    return rows.map((row, i) => toOutcome(row, appends[i]!))
  } catch (error) {
    if (isCode(error, 'CRM02') || isCode(error, 'CRM03')) throw new KeysNotWrittenError()
    throw error
  }
}
