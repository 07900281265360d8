import { LEAD_IMPORT_JOB, type ImportOutcome, type ImportReport } from '@crm/contracts'
import {
  waitForPosition,
  type EventStore,
  type FileStorage,
  type JobContext,
  type JobQueue,
  type Logger,
} from '@crm/platform'
import type { Kysely } from 'kysely'
import { handleCommand } from '../command-handling/handle-command'
import { derivedUuid, idsFor } from '../command-handling/ids'
import { cleanLeadRow } from './clean-fields'
import type { LeadRow } from './csv-layouts'
import { findExistingContacts } from './existing-contacts'
import { decideLeadRow, leadDecider, type ImportLeadRow } from './lead-decider'
import { parseLeadCsv } from './parse-csv'

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
}

const CHUNK = 500
const PARALLEL = 32
/** New contacts per appendToStreams call: one transaction holds one advisory lock per stream, so not too many. */
const BULK = 100
const DETAILS_CAP = 500

/** The worker: one command per row, idempotent per (upload, row), so a retried job appends nothing twice. */
export function registerLeadImportJob(jobs: JobQueue, deps: LeadImportDeps): void {
  jobs.register<LeadImportJob>(LEAD_IMPORT_JOB, (job) => runLeadImport(deps, job))
}

async function readAll(files: FileStorage, key: string): Promise<Buffer> {
  const file = await files.get(key)
  if (!file) throw new Error('The uploaded file is gone')
  const chunks: Buffer[] = []
  for await (const chunk of file.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function runLeadImport(deps: LeadImportDeps, job: JobContext<LeadImportJob>): Promise<ImportReport> {
  const { uploadId, userId, divisionId, importDate } = job.data
  const parsed = parseLeadCsv(await readAll(deps.files, job.data.fileKey))
  if (!('rows' in parsed)) throw new Error('The file cannot be imported')
  // Matches are looked up in contact_search: let it catch up with everything written before this upload.
  await waitForPosition(deps.db, ['contact_search'], await deps.store.headPosition(), 30_000)
  const report: ImportReport = {
    uploadId,
    layout: parsed.layout,
    rows: parsed.rows.length,
    created: 0,
    updated: 0,
    skipped: 0,
    details: [],
    position: null,
  }
  const note = (outcome: ImportOutcome) => {
    report[outcome.outcome]++
    if (outcome.outcome !== 'created' && report.details.length < DETAILS_CAP) report.details.push(outcome)
  }
  const seen = new Map<string, number>()
  for (let from = 0; from < parsed.rows.length; from += CHUNK) {
    const rows = parsed.rows.slice(from, from + CHUNK).map(cleanLeadRow)
    const { byDot, byMc } = await findExistingContacts(
      deps.db,
      rows.flatMap((r) => (r.dotNumber ? [r.dotNumber] : [])),
      rows.flatMap((r) => (r.mcNumber ? [r.mcNumber] : [])),
    )
    const work: (() => Promise<void>)[] = []
    const fresh: LeadRow[] = []
    for (const row of rows) {
      const base = { row: row.row, name: row.name, contactId: null }
      if (row.problem) {
        note({ ...base, outcome: 'skipped', reason: row.problem })
        continue
      }
      const keys = [row.dotNumber && `dot:${row.dotNumber}`, row.mcNumber && `mc:${row.mcNumber}`].filter(
        Boolean,
      ) as string[]
      const earlier = keys.map((k) => seen.get(k)).find((n) => n !== undefined)
      if (earlier !== undefined) {
        note({ ...base, outcome: 'skipped', reason: `Same DOT/MC as row ${earlier} of this file` })
        continue
      }
      keys.forEach((k) => seen.set(k, row.row))
      const dotMatch = row.dotNumber ? byDot.get(row.dotNumber) : undefined
      const mcMatch = row.mcNumber ? byMc.get(row.mcNumber) : undefined
      if (!dotMatch && !mcMatch) {
        fresh.push(row)
        continue
      }
      work.push(() =>
        importRow(
          deps,
          job.data,
          row,
          dotMatch ?? mcMatch ?? null,
          dotMatch ? 'dot' : mcMatch ? 'mc' : null,
          note,
          report,
        ),
      )
    }
    // New contacts in bulk (one round trip per BULK rows); a contact that turned out to exist goes the full way.
    for (let i = 0; i < fresh.length; i += BULK) {
      const clashed = await createContacts(deps, job.data, fresh.slice(i, i + BULK), note, report)
      work.push(...clashed.map((row) => () => importRow(deps, job.data, row, null, null, note, report)))
    }
    for (let i = 0; i < work.length; i += PARALLEL) await Promise.all(work.slice(i, i + PARALLEL).map((w) => w()))
    await job.reportProgress(Math.floor(((from + rows.length) / parsed.rows.length) * 100))
  }
  deps.logger.info({ userId, divisionId, importDate, ...report, details: undefined }, 'lead import finished')
  return report
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
  note: (outcome: ImportOutcome) => void,
  report: ImportReport,
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
    if (!report.position || outcome.position > report.position) report.position = outcome.position
    note({ row: row.row, name: row.name, contactId, outcome: 'created', reason: null })
  })
  return clashed
}

async function importRow(
  deps: LeadImportDeps,
  job: LeadImportJob,
  row: LeadRow,
  existing: string | null,
  matchedBy: 'dot' | 'mc' | null,
  note: (outcome: ImportOutcome) => void,
  report: ImportReport,
): Promise<void> {
  const { contactId, envelope, command } = rowCommand(job, row, existing, matchedBy)
  const base = { row: row.row, name: row.name, contactId }
  const result = await handleCommand(
    deps.store,
    leadDecider,
    `contact-${contactId}`,
    command,
    envelope,
    new Date(job.importDate),
  )
  if (result.events.length === 0 && !result.duplicate) {
    return note({
      ...base,
      outcome: 'skipped',
      reason: `Already in the CRM (matched by ${matchedBy === 'mc' ? 'MC' : 'DOT'}), nothing new`,
    })
  }
  if (result.position) report.position = result.position
  const filled = result.events.flatMap((e) =>
    e.type === 'LeadImported' ? Object.keys((e.data as { fields: object }).fields) : [],
  )
  note({
    ...base,
    outcome: 'updated',
    reason: `Existing contact (matched by ${matchedBy === 'mc' ? 'MC' : 'DOT'})${filled.length ? `: added ${filled.join(', ')}` : ''}`,
  })
}
