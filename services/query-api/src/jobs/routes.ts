import { jobStatusSchema, LEAD_IMPORT_JOB } from '@crm/contracts'
import { notFound, type HttpApp, type JobQueue } from '@crm/platform'
import { z } from 'zod'

/** Jobs a user may poll, by queue name. Each job's id is only known to whoever started it. */
const pollable = [LEAD_IMPORT_JOB] as const

/** GET /jobs/{name}/{id}: state and progress for the progress bar, and the result when done. */
export function jobRoutes(api: HttpApp, { jobs }: { jobs: JobQueue }): void {
  api.get(
    '/jobs/:name/:id',
    {
      schema: {
        tags: ['jobs'],
        params: z.object({ name: z.enum(pollable), id: z.string().max(200) }),
        response: { 200: jobStatusSchema },
      },
    },
    async (request) => {
      const job = await jobs.getJob(request.params.name, request.params.id)
      // Upload ids are derived from the uploader, so another user's id never matches (see lead-import).
      if (!job || !request.params.id.startsWith(`${request.user.userId}.`)) throw notFound('Job not found')
      return { id: job.id, state: job.state, progress: job.progress, result: job.result, error: job.error }
    },
  )
}
