import {
  addClickSchema,
  clickAnswerSchema,
  clickSchema,
  emailMessageStreamId,
  emailMessages,
  recipientAnswerSchema,
  recipientViewSchema,
} from '@crm/contracts'
import { notFound, type EventStore, type HttpApp } from '@crm/platform'
import { z } from 'zod'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { newCommandId } from '../command-handling/ids'
import { loadMessage } from './deliver-email'
import { verifyMessageToken } from './link-token'
import { messageDecider, type MessageCommand } from './message/decide'

const tags = ['email']
const tokenParams = z.object({ token: z.string().max(100) })
const config = { public: true, openapi: { errors: [404] as const } }

/** The recipient acts, not a user: command ids are fresh (the decider records each answer once anyway). */
const recipientEnvelope = (): CommandEnvelope => {
  const commandId = newCommandId()
  return { commandId, userId: null, divisionId: null, correlationId: commandId, causationId: null }
}

/**
 * The recipient's links (docs/product.md 2 /api-email/*), without login: the signed token names one sent message
 * and reveals only its address. A token that is not signed, or names no sent message, is not found.
 */
export function recipientRoutes(api: HttpApp, { store, secret }: { store: EventStore; secret: string }): void {
  async function sentMessage(token: string) {
    const messageId = verifyMessageToken(secret, token)
    const state = messageId ? await loadMessage(store, messageId) : undefined
    if (!messageId || !state?.message || state.status !== 'sent') throw notFound(emailMessages.linkNotValid)
    return { messageId, state }
  }
  async function record(token: string, command: MessageCommand) {
    const { messageId } = await sentMessage(token)
    await handleCommand(store, messageDecider, emailMessageStreamId(messageId), command, recipientEnvelope())
  }

  api.get(
    '/email-links/:token',
    {
      config,
      schema: {
        tags,
        summary: 'What a recipient’s page shows: the address and what it already did',
        params: tokenParams,
        response: { 200: recipientViewSchema },
      },
    },
    async (request) => {
      const { state } = await sentMessage(request.params.token)
      return {
        email: state.message!.recipient,
        unsubscribed: state.unsubscribed,
        reportedAbuse: state.reportedAbuse,
      }
    },
  )

  // RFC 8058 sends `List-Unsubscribe=One-Click` as a form; the page sends JSON. Only these routes read forms.
  void api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    scope.post(
      '/email-links/unsubscribe/:token',
      {
        config,
        schema: {
          tags,
          summary: 'Unsubscribe the message’s address (the page’s button, or the RFC 8058 one-click POST)',
          params: tokenParams,
          body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).optional(),
          response: { 200: recipientAnswerSchema },
        },
      },
      async (request) => {
        const via = request.body?.['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'page'
        await record(request.params.token, { type: 'Unsubscribe', via })
        return { message: emailMessages.unsubscribed }
      },
    )
  })

  // The List-Unsubscribe address opened by hand, or by a mail program without one-click: the page, where the
  // recipient confirms. A GET never unsubscribes (link checkers and previews open addresses too).
  api.get(
    '/email-links/unsubscribe/:token',
    {
      config,
      schema: {
        tags,
        summary: 'The unsubscribe address opened in a browser: 303 to the unsubscribe page, which asks first',
        params: tokenParams,
        response: { 303: z.null().describe('To the web app’s unsubscribe page for this token') },
      },
    },
    (request, reply) => {
      void reply.redirect(`/api-email/unsubscribe/${encodeURIComponent(request.params.token)}`, 303)
    },
  )

  api.post(
    '/email-links/report-abuse/:token',
    {
      config,
      schema: {
        tags,
        summary: 'Report the message as abuse',
        params: tokenParams,
        response: { 200: recipientAnswerSchema },
      },
    },
    async (request) => {
      await record(request.params.token, { type: 'ReportAbuse' })
      return { message: emailMessages.reportedAbuse }
    },
  )

  api.post(
    '/email-links/click/:token',
    {
      config,
      schema: {
        tags,
        summary: 'Record a click on a link of the message; answers the link to open (only one the message held)',
        params: tokenParams,
        body: clickSchema,
        response: { 200: clickAnswerSchema },
      },
    },
    async (request) => {
      const url = request.body.redirectLink
      await record(request.params.token, { type: 'RecordClick', url })
      return { url }
    },
  )

  // docs/product.md 7 names the click's record /emails/add-click: the same answer, the token in the body.
  api.post(
    '/emails/add-click',
    {
      config,
      schema: {
        tags,
        summary: 'Record a click on a link of the message whose token is sent; answers the link to open',
        body: addClickSchema,
        response: { 200: clickAnswerSchema },
      },
    },
    async (request) => {
      const { token, redirectLink: url } = request.body
      await record(token, { type: 'RecordClick', url })
      return { url }
    },
  )
}
