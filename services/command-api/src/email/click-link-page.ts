import { emailMessageStreamId } from '@crm/contracts'
import { HttpProblem, type EventStore, type HttpApp } from '@crm/platform'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor, newCommandId } from '../command-handling/ids'
import { loadMessage } from './deliver-email'
import { verifyMessageToken } from './link-token'
import { messageDecider } from './message/decide'

/** The tracked link of a sent email (docs/product.md 2), as linksOf writes it into the message. */
export const CLICK_LINK_PATH = '/api-email/click-link/:token'
/** The web app's page that says a recipient's link is not valid. */
export const LINK_NOT_VALID_PAGE = '/api-email/link-not-valid'

const MAX_LINK = 4000

/**
 * GET /api-email/click-link/{token}?redirectLink=…: the server records the click and redirects to the link, so a
 * text mail reader or a browser without scripts opens it too. Only a link the token's sent message held is ever
 * opened (no open redirect); anything else (a token not signed, a message not sent, a link it did not hold, no
 * link) goes to the web app's page that says the link is not valid. A HEAD (link checkers, previews) is answered
 * the same way and records nothing.
 *
 * Not under /api/v1: the address is in mail already sent. Each process that serves the recipients' links mounts
 * it at the root (the standalone process; the command API behind nginx, deploy/nginx.conf).
 */
export function clickLinkPage(app: HttpApp, { store, secret }: { store: EventStore; secret: string }): void {
  app.get(CLICK_LINK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string }
    const { redirectLink } = request.query as { redirectLink?: unknown }
    const messageId = token.length <= 100 ? verifyMessageToken(secret, token) : null
    const url = typeof redirectLink === 'string' && redirectLink.length <= MAX_LINK ? redirectLink : ''
    const notValid = () => reply.header('cache-control', 'no-store').redirect(LINK_NOT_VALID_PAGE, 303)
    if (!messageId || !url) return notValid()
    const command = { type: 'RecordClick', url } as const
    const commandId = newCommandId()
    try {
      if (request.method === 'HEAD') {
        // The same verdict, nothing appended.
        const state = await loadMessage(store, messageId)
        messageDecider.decide(state, command, { now: new Date(), ids: idsFor(commandId) })
      } else {
        const envelope = { commandId, userId: null, divisionId: null, correlationId: commandId, causationId: null }
        await handleCommand(store, messageDecider, emailMessageStreamId(messageId), command, envelope)
      }
    } catch (error) {
      if (error instanceof HttpProblem && error.status === 404) return notValid()
      throw error
    }
    // A header carries ASCII only: anything else in the link (spaces, accents) goes percent-encoded.
    const location = url.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c))
    return reply.header('cache-control', 'no-store').redirect(location, 302)
  })
}
