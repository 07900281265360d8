import type { EventStore, FileStorage, HttpApp, JobQueue, Logger } from '@crm/platform'
import type { Kysely } from 'kysely'
import { resumeLeadImportsWhenReady } from './resume-imports'
import { cancelImportRoute } from './cancel-route'
import { leadImportRoutes } from './routes'
import { registerLeadImportJob } from './run-lead-import'

export interface LeadImportsDeps {
  jobs: JobQueue
  store: EventStore
  db: Kysely<unknown>
  /** Where uploaded files wait for their worker (under DATA_DIR, shared by every process that runs jobs). */
  files: FileStorage
  logger: Logger
  limits: { rows: number; bytes: number }
  /** See LeadImportDeps: the projector's upkeep, where it runs in this process. */
  settleReadModels?: () => Promise<void>
}

/** Lead imports where jobs run: the upload route, the worker, and the sweep that resumes unfinished imports. */
export async function leadImports(api: HttpApp, deps: LeadImportsDeps): Promise<void> {
  registerLeadImportJob(deps.jobs, deps)
  resumeLeadImportsWhenReady(api, deps)
  await leadImportRoutes(api, deps)
  cancelImportRoute(api, deps)
}
