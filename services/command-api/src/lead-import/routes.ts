import multipart from '@fastify/multipart'
import {
  LARGE_IMPORT_ROWS,
  LEAD_IMPORT_JOB,
  POSITION_HEADER,
  leadImportMessages,
  uploadAcceptedSchema,
  type UploadAccepted,
} from '@crm/contracts'
import {
  badRequest,
  forbidden,
  hasPermission,
  type EventStore,
  type FileStorage,
  type HttpApp,
  type JobQueue,
  currentTime,
} from '@crm/platform'
import { randomUUID } from 'node:crypto'
import { initialImportState } from './state'
import { inspectLeadCsv } from './read-csv'
import { leadImportJobId } from './resume-imports'
import { recordImport, type LeadImportJob } from './run-lead-import'

const csvOnly = () => badRequest(leadImportMessages.csvOnly, { file: leadImportMessages.csvOnly })

/** Working hours: Monday to Friday, 8:00 to 18:00 on the server's clock (docs/product.md 9's import warning). */
export function inWorkingHours(now: Date): boolean {
  const day = now.getDay()
  return day >= 1 && day <= 5 && now.getHours() >= 8 && now.getHours() < 18
}

/** POST /contacts/upload-new-leads (multipart `file`): checks the file, stores it, starts the import job. */
export async function leadImportRoutes(
  api: HttpApp,
  deps: { jobs: JobQueue; store: EventStore; files: FileStorage; limits: { rows: number; bytes: number } },
): Promise<void> {
  await api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    await scope.register(multipart, { limits: { fileSize: deps.limits.bytes, files: 1 } })
    scope.post(
      '/contacts/upload-new-leads',
      {
        schema: {
          tags: ['lead import'],
          summary:
            'Import New Leads from a CSV (docs/product.md lead headers, or the USDOT census layout), as a background job',
          response: { 202: uploadAcceptedSchema },
        },
      },
      async (request, reply) => {
        const user = request.user
        if (!hasPermission(user, 'upload-new-leads') && !hasPermission(user, 'admin')) throw forbidden()
        const file = await request.file().catch(() => undefined)
        if (!file) throw csvOnly()
        const isCsv = /\.csv$/i.test(file.filename) || /^(text\/csv|application\/vnd\.ms-excel)$/.test(file.mimetype)
        if (!isCsv) throw csvOnly()
        const tooLarge = () => {
          const message = leadImportMessages.tooLarge(deps.limits)
          return badRequest(message, { file: message })
        }
        // Written to storage as it arrives (a census file may be hundreds of megabytes), then checked there.
        const stored = await deps.files
          .put({ name: 'leads.csv', contentType: 'text/csv', body: file.file })
          .catch(() => {
            throw tooLarge()
          })
        const refuse = async (problem: Error): Promise<never> => {
          await deps.files.remove(stored.key)
          throw problem
        }
        if (file.file.truncated) await refuse(tooLarge())
        const parsed = await inspectLeadCsv(async () => (await deps.files.get(stored.key))?.stream, deps.limits.rows)
        if ('unreadable' in parsed) return refuse(csvOnly())
        if ('missing' in parsed) {
          const message = leadImportMessages.missingHeaders(parsed.missing)
          return refuse(badRequest(message, { file: message }))
        }
        if (parsed.rows > deps.limits.rows) await refuse(tooLarge())
        if (parsed.rows === 0) {
          await refuse(badRequest(leadImportMessages.emptyFile, { file: leadImportMessages.emptyFile }))
        }
        // The uploader's id leads the job id: only they can poll it (GET /jobs/lead-import/{id}).
        const uploadId = randomUUID()
        const jobId = leadImportJobId({ userId: user.userId, uploadId })
        const data: LeadImportJob = {
          uploadId,
          fileKey: stored.key,
          userId: user.userId,
          divisionId: user.divisionId,
          importDate: currentTime().toISOString(),
        }
        // Recorded before it is queued: a job lost with the queue (or never queued) is queued again at start-up.
        const started = await recordImport(
          deps.store,
          initialImportState,
          {
            type: 'LeadImportStarted',
            data: {
              ...data,
              fileName: file.filename.slice(0, 200) || 'leads.csv',
              rows: parsed.rows,
              layout: parsed.layout,
            },
          },
          user,
        )
        await deps.jobs.enqueue(LEAD_IMPORT_JOB, data, { jobId })
        const warning =
          parsed.rows > LARGE_IMPORT_ROWS && inWorkingHours(new Date()) ? leadImportMessages.largeImportWarning : null
        const answer: UploadAccepted = { jobId, rows: parsed.rows, layout: parsed.layout, warning }
        reply.header(POSITION_HEADER, started.position)
        return reply.code(202).send(answer)
      },
    )
  })
}
