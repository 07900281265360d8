import type { ImportReport } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

/** A row of the lead_imports read model. */
export type ImportRow = {
  upload_id: string
  user_id: string
  file_name: string
  layout: 'leads' | 'census'
  rows: number
  rows_done: number
  created: number
  updated: number
  skipped: number
  details: ImportReport['details']
  position: string | null
  state: 'active' | 'completed' | 'failed' | 'cancelled'
  cancel_requested: boolean
  error: string | null
  started_at: Date | string
  updated_at: Date | string
  finished_at: Date | string | null
}

/** The caller's import of this job id, or undefined: job ids start with the uploader's id, never another's. */
export async function ownImport(db: Kysely<unknown>, userId: string, jobId: string): Promise<ImportRow | undefined> {
  const prefix = `${userId}.`
  if (!jobId.startsWith(prefix)) return undefined
  const { rows } = await sql<ImportRow>`
    select * from lead_imports where upload_id = ${jobId.slice(prefix.length)} and user_id = ${userId}::uuid`.execute(
    db,
  )
  return rows[0]
}
