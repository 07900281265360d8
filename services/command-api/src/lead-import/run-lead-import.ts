import {
  LEAD_IMPORT_JOB,
  leadImportFailures,
  leadImportStreamId,
  type ImportOutcome,
  type ImportReport,
  type LeadImportChunkCommitted,
  type LeadImportEvent,
} from '@crm/contracts'
import {
  WrongExpectedVersionError,
  waitForPosition,
  type EventStore,
  type FileStorage,
  type JobContext,
  type JobQueue,
  type Logger,
  type StreamAppend,
  currentTime,
  leadImportRows,
} from '@crm/platform'
import type { Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'
import { decideOnHistory, handleCommand, type CommandResult } from '../command-handling/handle-command'
import { derivedUuid, idsFor } from '../command-handling/ids'
import { cleanLeadRow } from './clean-fields'
import type { LeadRow } from './csv-layouts'
import { findExistingContacts } from './existing-contacts'
import { evolveImport, hasEnded, initialImportState, reportOf, type ImportState } from './state'
import { decideLeadRow, leadDecider, type ImportLeadRow, type LeadEvent } from './lead/decide'
import { CHUNK, importPace } from './import-pace'
import { LeadCsvReader } from './read-csv'
import { loadAggregate } from '../command-handling/load-aggregate'

export interface LeadImportJob {
  uploadId: string
  fileKey: string
  userId: string
  divisionId: number
  importDate: string
}
export interface LeadImportDeps {
  store: EventStore
  db: Kysely<unknown>
  files: FileStorage
  logger: Logger
  /**
   * The read models' upkeep after bulk work, run now: where the projector runs in this process (the standalone
   * one), an import of many rows finishes once its lists are ready (fresh statistics, merged GIN entries, on
   * PGlite a VACUUM), not seconds later while its user already reads them.
   */
  settleReadModels?: () => Promise<void>
}

const PARALLEL = 32
/** New contacts per appendToStreams call: one transaction holds one advisory lock per stream, so not too many. */
const BULK = 100
const DETAILS_CAP = 500
/** Runs that stop on an error without committing a chunk before the import gives up (a crash is not counted). */
const MAX_INTERRUPTIONS = 3

/** The worker: resumes after the last committed chunk of the upload's stream, so a retried job redoes little. */
export function registerLeadImportJob(jobs: JobQueue, deps: LeadImportDeps): void {
  jobs.register<LeadImportJob>(LEAD_IMPORT_JOB, (job) => runLeadImport(deps, job))
}

export async function loadImport(store: EventStore, uploadId: string, from = initialImportState): Promise<ImportState> {
  const fold = { initialState: initialImportState, evolve: evolveImport }
  return (await loadAggregate(store, leadImportStreamId(uploadId), fold, { state: from, version: from.version })).state
}

/** Appends one event to the upload's stream, expecting the version this worker knows (a second worker loses). */
export async function recordImport(
  store: EventStore,
  state: ImportState,
  event: LeadImportEvent,
  who: { userId: string; divisionId: number },
): Promise<{ state: ImportState; position: string }> {
  const commandId = randomUUID()
  const result = await store.appendToStream(
    leadImportStreamId(event.data.uploadId),
    [
      {
        eventId: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          commandId,
          userId: who.userId,
          divisionId: who.divisionId,
          correlationId: event.data.uploadId,
          causationId: null,
          occurredAt: currentTime().toISOString(),
        },
      },
    ],
    { expectedVersion: state.version === 0 ? 'no_stream' : state.version, commandId },
  )
  return { state: { ...evolveImport(state, event), version: result.nextVersion }, position: result.position }
}

export async function runLeadImport(deps: LeadImportDeps, job: JobContext<LeadImportJob>): Promise<ImportReport> {
  const { uploadId, userId, divisionId } = job.data
  let state = await loadImport(deps.store, uploadId)
  if (!state.started) throw new Error('No such import')
  if (hasEnded(state)) return reportOf(state)
  const record = async (event: LeadImportEvent): Promise<string> => {
    const recorded = await recordImport(deps.store, state, event, { userId, divisionId })
    state = recorded.state
    return recorded.position
  }
  /**
   * Appends a chunk or the finish even if a cancel request landed on the stream meanwhile: the rows it covers are
   * in the CRM already (a cancel takes effect between chunks; after the last one it comes too late).
   */
  const recordPastCancelRequest = async (event: LeadImportEvent): Promise<string> => {
    try {
      return await record(event)
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error
      const now = await loadImport(deps.store, uploadId, state)
      if (now.rowsDone !== state.rowsDone || hasEnded(now)) throw error
      state = now
      return await record(event)
    }
  }
  const fail = async (error: string): Promise<never> => {
    await record({ type: 'LeadImportFailed', data: { uploadId, error } })
    throw new Error(error)
  }
  if (state.interruptionsSinceProgress >= MAX_INTERRUPTIONS) await fail(leadImportFailures.keepsStopping)
  const file = await deps.files.get(job.data.fileKey)
  if (!file) return fail(leadImportFailures.fileGone)
  const reader = new LeadCsvReader(file.stream)
  if (!('layout' in (await reader.readHeader()))) {
    reader.close()
    return fail(leadImportFailures.unreadable)
  }
  const totalRows = state.started.rows
  /** Where this run's last chunk was recorded: after every contact it appended. */
  let lastChunkAt: string | undefined
  const chunks = {
    /**
     * A cancel takes effect between chunks. The first chunk of a run is always completed: a run that stopped
     * (a crash, a restart) may have left part of it in the CRM, and completing it makes the committed chunks
     * exactly what is in.
     */
    async shouldStop(first: boolean): Promise<boolean> {
      if (first) return false
      state = await loadImport(deps.store, uploadId, state)
      if (!state.cancelRequested) return false
      await record({ type: 'LeadImportCancelled', data: { uploadId, rowsDone: state.rowsDone } })
      return true
    },
    async commit(chunk: LeadImportChunkCommitted): Promise<string> {
      try {
        return (lastChunkAt = await recordPastCancelRequest(chunk))
      } finally {
        await job.reportProgress(Math.floor((state.rowsDone / Math.max(1, totalRows)) * 100))
      }
    },
  }
  try {
    const stopped = await importRows(deps, job, reader, state, chunks)
    if (!stopped) {
      await settleAfterImport(deps, state, lastChunkAt)
      await recordPastCancelRequest({ type: 'LeadImportFinished', data: { uploadId } })
    }
  } catch (error) {
    reader.close()
    // Another worker committed this chunk first: it carries on, this one stops quietly.
    if (error instanceof WrongExpectedVersionError) throw error
    const message = error instanceof Error ? error.message : String(error)
    await record({ type: 'LeadImportInterrupted', data: { uploadId, error: message } }).catch(() => undefined)
    throw error
  }
  const report = reportOf(state)
  deps.logger.info(
    { userId, divisionId, ...report, details: undefined, cancelled: state.cancelled },
    'lead import ended',
  )
  return report
}

/** Imports that changed fewer contacts finish at once: a tenth of a table's rows is what housekeeping waits for. */
const SETTLE_FROM_ROWS = 10_000

/**
 * Before an import of many rows says it has finished: the lists' read model has caught up with its last contact,
 * the import window shows every row read (and says the lists are being readied), and the read side's upkeep has
 * run. Best effort: the import is in either way, and the upkeep would follow.
 */
async function settleAfterImport(
  deps: LeadImportDeps,
  state: ImportState,
  lastChunkAt: string | undefined,
): Promise<void> {
  if (!deps.settleReadModels || state.created + state.updated < SETTLE_FROM_ROWS) return
  try {
    // The import's own last position, not the store's head: on a server the head stops before the oldest
    // transaction still open anywhere in the database, and the lists were then settled before the last rows were in.
    const position = lastChunkAt ?? (await deps.store.headPosition())
    await waitForPosition(deps.db, ['contact_search', 'lead_imports'], position, 120_000)
    await deps.settleReadModels()
  } catch (error) {
    deps.logger.warn({ err: error }, 'read-model upkeep after a lead import failed; it follows by itself')
  }
}

/** The DOT and MC keys a row claims in its file; a later row with one of them is the same carrier again. */
const keysOf = (row: LeadRow) =>
  [row.dotNumber && `dot:${row.dotNumber}`, row.mcNumber && `mc:${row.mcNumber}`].filter(Boolean) as string[]

async function importRows(
  deps: LeadImportDeps,
  job: JobContext<LeadImportJob>,
  reader: LeadCsvReader,
  resumeFrom: ImportState,
  chunks: {
    shouldStop(first: boolean): Promise<boolean>
    /** Answers the position of the chunk's event. */
    commit(chunk: LeadImportChunkCommitted): Promise<string>
  },
): Promise<boolean> {
  const { uploadId } = job.data
  // Matches are looked up in contact_search: let it catch up with everything written before this run.
  await waitForPosition(deps.db, ['contact_search'], await deps.store.headPosition(), 30_000)
  const seen = new Map<string, number>()
  // The rows before the resume point claimed their keys in an earlier run: claim them again, without the database.
  for (let left = resumeFrom.rowsDone; left > 0;) {
    const rows = (await reader.take(Math.min(left, 10_000))).map(cleanLeadRow)
    if (rows.length === 0) break
    left -= rows.length
    for (const row of rows) {
      if (row.problem) continue
      const keys = keysOf(row)
      if (keys.some((k) => seen.has(k))) continue
      keys.forEach((k) => seen.set(k, row.row))
    }
  }
  let detailsSoFar = resumeFrom.details.length
  const pace = importPace(deps.db)
  for (let from = resumeFrom.rowsDone; !reader.done;) {
    const limit = await pace.next()
    if (await chunks.shouldStop(from === resumeFrom.rowsDone)) return true
    const began = Date.now()
    const chunk: Required<LeadImportChunkCommitted['data']> = {
      uploadId,
      rowsDone: from,
      created: 0,
      updated: 0,
      skipped: 0,
      details: [],
      position: null,
      refused: [],
    }
    const outcomes: Outcomes = {
      note(outcome) {
        chunk[outcome.outcome]++
        if (outcome.outcome === 'skipped') {
          chunk.refused.push({ row: outcome.row, name: outcome.name, reason: outcome.reason ?? '' })
        }
        if (outcome.outcome !== 'created' && detailsSoFar < DETAILS_CAP) {
          chunk.details.push(outcome)
          detailsSoFar++
        }
      },
      moved(position) {
        if (position && (!chunk.position || position > chunk.position)) chunk.position = position
      },
    }
    // Steps until the chunk has taken its second or holds the rows the pace allows: progress every second or so.
    while (!reader.done && chunk.rowsDone - from < limit && Date.now() - began < CHUNK.targetMs) {
      const rows = (await reader.take(Math.min(CHUNK.step, limit - (chunk.rowsDone - from)))).map(cleanLeadRow)
      if (rows.length === 0) break
      await importStep(deps, job.data, rows, seen, outcomes)
      chunk.rowsDone += rows.length
      leadImportRows.inc(rows.length)
    }
    if (chunk.rowsDone === from) break // the file ended exactly where the last chunk did
    chunk.refused.sort((a, b) => a.row - b.row)
    pace.committed(await chunks.commit({ type: 'LeadImportChunkCommitted', data: chunk }))
    from = chunk.rowsDone
  }
  return false
}

interface Outcomes {
  note(outcome: ImportOutcome): void
  moved(position: string | null): void
}

/** One step of a chunk: a few hundred rows looked up together, new contacts appended in bulk. */
async function importStep(
  deps: LeadImportDeps,
  job: LeadImportJob,
  rows: LeadRow[],
  seen: Map<string, number>,
  out: Outcomes,
): Promise<void> {
  const { byDot, byMc } = await findExistingContacts(
    deps.db,
    rows.flatMap((r) => (r.dotNumber ? [r.dotNumber] : [])),
    rows.flatMap((r) => (r.mcNumber ? [r.mcNumber] : [])),
  )
  const work: (() => Promise<void>)[] = []
  const fresh: LeadRow[] = []
  const matched: Match[] = []
  for (const row of rows) {
    const base = { row: row.row, name: row.name, contactId: null }
    if (row.problem) {
      out.note({ ...base, outcome: 'skipped', reason: row.problem })
      continue
    }
    const keys = keysOf(row)
    const earlier = keys.map((k) => seen.get(k)).find((n) => n !== undefined)
    if (earlier !== undefined) {
      out.note({ ...base, outcome: 'skipped', reason: `Same DOT/MC as row ${earlier} of this file` })
      continue
    }
    keys.forEach((k) => seen.set(k, row.row))
    const dotMatch = row.dotNumber ? byDot.get(row.dotNumber) : undefined
    const mcMatch = row.mcNumber ? byMc.get(row.mcNumber) : undefined
    if (!dotMatch && !mcMatch) {
      fresh.push(row)
      continue
    }
    matched.push({ row, existing: (dotMatch ?? mcMatch)!, matchedBy: dotMatch ? 'dot' : 'mc' })
  }
  // New contacts in bulk (one round trip per BULK rows); a contact that turned out to exist goes the full way.
  for (let i = 0; i < fresh.length; i += BULK) {
    const clashed = await createContacts(deps, job, fresh.slice(i, i + BULK), out)
    work.push(...clashed.map((row) => () => importRow(deps, job, row, null, null, out)))
  }
  // Contacts already in the CRM in bulk too (a file imported again is mostly these); what met a writer in
  // between, or a second row for the same contact, goes the full way one by one.
  for (let i = 0; i < matched.length; i += BULK) {
    const again = await updateContacts(deps, job, matched.slice(i, i + BULK), out)
    work.push(...again.map((m) => () => importRow(deps, job, m.row, m.existing, m.matchedBy, out)))
  }
  for (let i = 0; i < work.length; i += PARALLEL) await Promise.all(work.slice(i, i + PARALLEL).map((w) => w()))
}

/** A row of the file whose carrier is already in the CRM (found by DOT, else by MC). */
interface Match {
  row: LeadRow
  existing: string
  matchedBy: 'dot' | 'mc'
}

function rowCommand(job: LeadImportJob, row: LeadRow, existing: string | null, matchedBy: 'dot' | 'mc' | null) {
  // The command id names the upload and the row: a retried job finds its own earlier append and stops there.
  const commandId = `lead-import:${job.uploadId}:${row.row}`
  const contactId = existing ?? derivedUuid(`${commandId}\u0000contact`)
  const envelope = {
    commandId,
    userId: job.userId,
    divisionId: job.divisionId,
    correlationId: job.uploadId,
    causationId: null,
  }
  const command: ImportLeadRow = {
    type: 'ImportLeadRow',
    contactId,
    uploadId: job.uploadId,
    lead: row,
    divisionId: job.divisionId,
    importDate: job.importDate,
    matchedBy,
  }
  return { commandId, contactId, envelope, command }
}

/** Creates new contacts in one appendToStreams call; answers the rows whose contact existed after all. */
async function createContacts(
  deps: LeadImportDeps,
  job: LeadImportJob,
  rows: LeadRow[],
  out: Outcomes,
): Promise<LeadRow[]> {
  const planned = rows.map((row) => ({ row, ...rowCommand(job, row, null, null) }))
  const outcomes = await deps.store.appendToStreams(
    planned.map(({ commandId, contactId, envelope, command }) => {
      const eventIds = idsFor(commandId, 'event')
      return {
        streamId: `contact-${contactId}`,
        events: decideLeadRow(leadDecider.initialState, command).map((e) => ({
          eventId: eventIds.next(),
          type: e.type,
          data: e.data,
          metadata: { ...envelope, occurredAt: job.importDate },
        })),
        options: { expectedVersion: 'no_stream' as const, commandId },
      }
    }),
  )
  const clashed: LeadRow[] = []
  outcomes.forEach((outcome, i) => {
    const { row, contactId } = planned[i]!
    if (!outcome.ok) return clashed.push(row)
    out.moved(outcome.position)
    out.note({ row: row.row, name: row.name, contactId, outcome: 'created', reason: null })
  })
  return clashed
}

/**
 * Imports rows into contacts that exist: their streams read in one round trip, each row decided on its
 * contact's history, the changes appended in one call. Answers the rows to import one by one instead.
 */
async function updateContacts(
  deps: LeadImportDeps,
  job: LeadImportJob,
  matches: Match[],
  out: Outcomes,
): Promise<Match[]> {
  const oneByOne: Match[] = []
  const planned = new Map<string, Match & ReturnType<typeof rowCommand>>()
  for (const m of matches) {
    const planOf = rowCommand(job, m.row, m.existing, m.matchedBy)
    if (wasCreatedByThisRow(job, m)) out.note({ ...baseOf(m.row, m.existing), outcome: 'created', reason: null })
    else if (planned.has(planOf.contactId)) oneByOne.push(m)
    else planned.set(planOf.contactId, { ...m, ...planOf })
  }
  const histories = await deps.store.readStreams([...planned.keys()].map((id) => `contact-${id}`))
  const appends: { plan: Match; events: LeadDecision['events']; append: StreamAppend }[] = []
  const now = new Date(job.importDate)
  for (const [contactId, plan] of planned) {
    const streamId = `contact-${contactId}`
    const decision = decideOnHistory(
      leadDecider,
      streamId,
      histories.get(streamId) ?? [],
      plan.command,
      plan.envelope,
      now,
    )
    if (decision.duplicate || !decision.append)
      noteExisting(plan, { ...decision, events: decision.duplicate ? [] : decision.events }, out)
    else appends.push({ plan, events: decision.events, append: decision.append })
  }
  const outcomes = await deps.store.appendToStreams(appends.map((a) => a.append))
  outcomes.forEach((outcome, i) => {
    const { plan, events } = appends[i]!
    if (!outcome.ok) return oneByOne.push(plan)
    noteExisting(plan, { ...outcome, events: outcome.duplicate ? [] : events }, out)
  })
  return oneByOne
}

type LeadDecision = CommandResult<LeadEvent>

const baseOf = (row: LeadRow, contactId: string) => ({ row: row.row, name: row.name, contactId })

/** A run cut off after this row's contact was created, before its chunk was committed: it was created then. */
const wasCreatedByThisRow = (job: LeadImportJob, m: Match) =>
  m.existing === rowCommand(job, m.row, null, null).contactId

/** What became of a row imported into a contact that exists: updated, or skipped with nothing new. */
function noteExisting(
  { row, existing, matchedBy }: Match,
  result: Pick<LeadDecision, 'events' | 'duplicate' | 'position'>,
  out: Outcomes,
): void {
  const base = baseOf(row, existing)
  const by = matchedBy === 'mc' ? 'MC' : 'DOT'
  if (result.events.length === 0 && !result.duplicate) {
    return out.note({ ...base, outcome: 'skipped', reason: `Already in the CRM (matched by ${by}), nothing new` })
  }
  if (result.position) out.moved(result.position)
  const filled = result.events.flatMap((e) =>
    e.type === 'LeadImported' ? Object.keys((e.data as { fields: object }).fields) : [],
  )
  out.note({
    ...base,
    outcome: 'updated',
    reason: `Existing contact (matched by ${by})${filled.length ? `: added ${filled.join(', ')}` : ''}`,
  })
}

async function importRow(
  deps: LeadImportDeps,
  job: LeadImportJob,
  row: LeadRow,
  existing: string | null,
  matchedBy: 'dot' | 'mc' | null,
  out: Outcomes,
): Promise<void> {
  const { contactId, envelope, command } = rowCommand(job, row, existing, matchedBy)
  const match: Match = { row, existing: contactId, matchedBy: matchedBy ?? 'dot' }
  if (existing !== null && wasCreatedByThisRow(job, match)) {
    return out.note({ ...baseOf(row, contactId), outcome: 'created', reason: null })
  }
  const result = await handleCommand(
    deps.store,
    leadDecider,
    `contact-${contactId}`,
    command,
    envelope,
    new Date(job.importDate),
  )
  noteExisting(match, result, out)
}
