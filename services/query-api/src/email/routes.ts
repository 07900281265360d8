import {
  campaignListQuerySchema,
  campaignRowSchema,
  contactSuppressionSchema,
  marketingAudienceSchema,
  marketingMessages,
  emailHistoryQuerySchema,
  emailHistoryRowSchema,
  emailMessages,
  pagedSchema,
  templateListQuerySchema,
  templateRowSchema,
  readModelNames,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { historyProjections, listEmailHistory } from './history'
import { findTemplate, listTemplates, templateProjections } from './templates'
import { campaignProjections, contactSuppression, findCampaign, listCampaigns, marketingAudience } from './campaigns'
import { callerOf, searchProjections } from '../contact-lists/routes'
import { searchParams } from '../contact-lists/search-options'

const tags = ['email']

/** Email templates and history (docs/product.md 7 "/emails/*"). */
export function emailQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/emails/templates',
    {
      config: { projections: templateProjections },
      schema: {
        tags,
        summary: 'Email templates the caller may use: their own and their division’s',
        querystring: templateListQuerySchema,
        response: { 200: pagedSchema(templateRowSchema) },
      },
    },
    async (request) => ({
      ...(await listTemplates(db, viewerOf(request), request.query)),
      totalIsCapped: false,
    }),
  )

  api.get(
    '/emails/templates/:id',
    {
      config: { projections: templateProjections },
      schema: {
        tags,
        summary: 'One email template',
        params: z.object({ id: z.uuid() }),
        response: { 200: templateRowSchema },
      },
    },
    async (request) => {
      const row = await findTemplate(db, viewerOf(request), request.params.id)
      if (!row) throw notFound(emailMessages.templateNotFound)
      return row
    },
  )

  api.get(
    '/emails/history',
    {
      config: { projections: historyProjections },
      schema: {
        tags,
        summary: 'Emails sent and scheduled, newest first (the caller’s; a manager’s division’s)',
        querystring: emailHistoryQuerySchema,
        response: { 200: pagedSchema(emailHistoryRowSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const { contactId } = request.query
      if (contactId && !(await isContactVisible(db, viewer, contactId))) throw notFound('Contact not found')
      return { ...(await listEmailHistory(db, viewer, request.query)), totalIsCapped: false }
    },
  )

  api.get(
    '/emails/marketing-sends',
    {
      config: { projections: campaignProjections },
      schema: {
        tags,
        summary: 'Marketing sends, newest first, with their progress (the caller’s; a manager’s division’s)',
        querystring: campaignListQuerySchema,
        response: { 200: pagedSchema(campaignRowSchema) },
      },
    },
    async (request) => ({ ...(await listCampaigns(db, viewerOf(request), request.query)), totalIsCapped: false }),
  )

  api.get(
    '/emails/marketing-sends/:id',
    {
      config: { projections: campaignProjections },
      schema: {
        tags,
        summary: 'One marketing send: contacts queued, skipped as unsubscribed, without email, sent and failed',
        params: z.object({ id: z.uuid() }),
        response: { 200: campaignRowSchema },
      },
    },
    async (request) => {
      const row = await findCampaign(db, viewerOf(request), request.params.id)
      if (!row) throw notFound(marketingMessages.campaignNotFound)
      return row
    },
  )

  api.get(
    '/emails/marketing-audience',
    {
      config: { projections: [...searchProjections, readModelNames.emailMessages] },
      schema: {
        tags,
        summary:
          'Who an email marketing send to an Advanced Search would reach: contacts, with email, unsubscribed, ids',
        querystring: searchParams,
        response: { 200: marketingAudienceSchema },
      },
    },
    async (request) => marketingAudience(db, { caller: callerOf(request), options: request.query.options }),
  )

  api.get(
    '/emails/suppression/:contactId',
    {
      config: { projections: [readModelNames.emailMessages, readModelNames.contactsList] },
      schema: {
        tags,
        summary: 'Whether the contact’s address unsubscribed or reported abuse (no marketing email goes to it)',
        params: z.object({ contactId: z.uuid() }),
        response: { 200: contactSuppressionSchema },
      },
    },
    async (request) => {
      const { contactId } = request.params
      if (!(await isContactVisible(db, viewerOf(request), contactId))) throw notFound('Contact not found')
      return contactSuppression(db, contactId)
    },
  )
}
