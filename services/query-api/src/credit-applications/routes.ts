import {
  creditAnalystSchema,
  creditApplicationDetailSchema,
  creditApplicationListQuerySchema,
  creditApplicationListsReadShape,
  creditApplicationMessages as m,
  creditApplicationPath,
  creditApplicationRowSchema,
  creditApplicationSources,
  pagedSchema,
  possibleContactSchema,
  type CreditApplicationListName,
  type CreditApplicationSource,
  readModelNames,
} from '@crm/contracts'
import { documentedAsJson, notFound, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { parseJson } from '../common/parse-json'
import { viewerOf } from '../viewer'
import {
  creditApplicationProjections,
  findApplication,
  listApplications,
  listCreditAnalysts,
} from './find-applications'
import { possibleContacts } from './possible-contacts'
import { renderApplicationPdf } from './preview-pdf'

const idParams = z.object({ id: z.uuid() })
const tags = ['credit-applications']
const listParams = z.object({
  options: documentedAsJson(z.string().max(10_000), creditApplicationListQuerySchema)
    .default('{}')
    .describe(
      'JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{statusId,analystId,search}, tableFilter:{global}}',
    )
    .transform(parseJson)
    .pipe(creditApplicationListQuerySchema),
})
const config = { projections: creditApplicationProjections }
const lists: CreditApplicationListName[] = ['loans', 'owners', 'residences', 'references']

/** The three sources' lists, applications, matching contacts, lists inside and the PDF preview (docs/product.md 7). */
export function creditApplicationQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  for (const source of creditApplicationSources) sourceRoutes(api, db, source)
}

function sourceRoutes(api: HttpApp, db: Kysely<unknown>, source: CreditApplicationSource): void {
  const base = `/${creditApplicationPath(source)}`
  const name = source === 'website' ? 'website' : source.toUpperCase()
  const load = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string }
    const application = await findApplication(db, viewerOf(request), source, id)
    if (!application) throw notFound(m.notFound)
    return application
  }

  api.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: `The ${name} credit applications the caller may see, filtered, sorted and paged`,
        querystring: listParams,
        response: { 200: pagedSchema(creditApplicationRowSchema) },
      },
    },
    async (request) => listApplications(db, viewerOf(request), source, request.query.options),
  )

  api.get(
    `${base}/analysts`,
    {
      config: { projections: [readModelNames.users] },
      schema: {
        tags,
        summary: `The credit analysts a ${name} credit application may be assigned to (the caller's division)`,
        response: { 200: z.array(creditAnalystSchema) },
      },
    },
    async (request) => listCreditAnalysts(db, viewerOf(request), source),
  )

  api.get(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `One ${name} credit application with every field group (sensitive values masked)`,
        params: idParams,
        response: { 200: creditApplicationDetailSchema },
      },
    },
    async (request) => load(request),
  )

  api.get(
    `${base}/:id/possible-contacts`,
    {
      config,
      schema: {
        tags,
        summary: `Contacts that may be the applicant's (DOT, MC, business name, phone, email, owner name)`,
        params: idParams,
        response: { 200: z.array(possibleContactSchema) },
      },
    },
    async (request) => possibleContacts(db, viewerOf(request), await load(request)),
  )

  for (const list of lists) {
    api.get(
      `${base}/:id/${list}`,
      {
        config,
        schema: {
          tags,
          summary: `The ${list} listed in a ${name} credit application`,
          params: idParams,
          response: { 200: creditApplicationListsReadShape[list] },
        },
      },
      async (request) => (await load(request))[list],
    )
  }

  api.get(
    `${base}/:id/preview`,
    {
      config: {
        ...config,
        openapi: { file: { mediaTypes: ['application/pdf'], description: 'The application as a PDF' } },
      },
      schema: { tags, summary: `A ${name} credit application as a PDF`, params: idParams },
    },
    async (request, reply) => {
      const application = await load(request)
      const pdf = await renderApplicationPdf(application)
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="credit-application-${application.id}.pdf"`)
        .send(Buffer.from(pdf))
    },
  )
}
