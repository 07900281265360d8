import { commandAnswerSchema, createTemplateSchema, emailTemplateStreamId, updateTemplateSchema } from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import { z } from 'zod'
import { callerOf } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { cleanEmailBody } from './sanitize-email-html'
import { templateDecider } from './template/decide'

const tags = ['email']
const idParams = z.object({ id: z.uuid() })

/** Email templates (docs/product.md 7 "/emails/*"): create, edit, delete. Reading is the query API's. */
export function emailTemplateRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/emails/templates',
    {
      schema: {
        tags,
        summary: 'Create an email template (personal, or for a division)',
        body: createTemplateSchema,
        response: { 201: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const templateId = idsFor(envelope.commandId, 'email-template').next()
      // The stored event holds the body as sanitized (sanitize-email-html.ts), not as sent.
      const data = { ...request.body, body: cleanEmailBody(request.body.body) }
      const command = { type: 'CreateTemplate' as const, templateId, actor: callerOf(request), data }
      const { position } = await handleCommand(
        store,
        templateDecider,
        emailTemplateStreamId(templateId),
        command,
        envelope,
      )
      return reply.code(201).send(withPosition(reply, position, { id: templateId }))
    },
  )

  api.patch(
    '/emails/templates/:id',
    {
      schema: {
        tags,
        summary: 'Edit an email template (its author; a division template also its managers)',
        params: idParams,
        body: updateTemplateSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const { body, ...rest } = request.body
      const changes = body === undefined ? rest : { ...rest, body: cleanEmailBody(body) }
      const command = { type: 'ChangeTemplate' as const, actor: callerOf(request), changes }
      const { position } = await handleCommand(
        store,
        templateDecider,
        emailTemplateStreamId(id),
        command,
        envelopeOf(request),
      )
      return withPosition(reply, position, { id })
    },
  )

  api.delete(
    '/emails/templates/:id',
    {
      schema: {
        tags,
        summary: 'Delete an email template',
        params: idParams,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const command = { type: 'DeleteTemplate' as const, actor: callerOf(request) }
      const { position } = await handleCommand(
        store,
        templateDecider,
        emailTemplateStreamId(id),
        command,
        envelopeOf(request),
      )
      return withPosition(reply, position, { id })
    },
  )
}
