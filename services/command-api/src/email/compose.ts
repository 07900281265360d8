import {
  canSeeContact,
  canSeeTemplate,
  emailMessages,
  fillMergeFields,
  htmlToText,
  type Caller,
  type EmailQueued,
  type MergeValues,
} from '@crm/contracts'
import { badRequest, notFound, type EventStore } from '@crm/platform'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { assertVisibleTo } from '../contacts/rules'
import type { ContactState } from '@crm/contracts'
import { userDecider } from '../users/decide'
import { userStreamId } from '../users/users.events'
import type { UserState } from '../users/state'
import { templateDecider } from './template/decide'
import { ERASED, emailTemplateStreamId } from '@crm/contracts'
import { linksOf, type RecipientLinks } from './link-token'
import { loadAggregate } from '../command-handling/load-aggregate'

export interface Draft {
  contactId: string
  templateId?: string | null
  subject: string
  body: string
}

export async function loadContact(store: EventStore, contactId: string): Promise<ContactState> {
  return (await loadAggregate(store, contactStreamId(contactId), contactDecider)).state
}

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return (await loadAggregate(store, userStreamId(userId), userDecider)).state
}

/** A contact that exists and that the caller may see (the visibility policy, on the contact's stream). */
export const isVisibleTo = (contact: ContactState, caller: Caller): boolean =>
  contact.created &&
  !contact.deleted &&
  canSeeContact(
    caller,
    Object.entries(contact.divisions).map(([divisionId, m]) => ({
      divisionId: Number(divisionId),
      assigned: m.assigned,
    })),
  )

/** A template named by the draft must be one the sender may see, or it is a missing one. */
export async function assertSeesTemplate(store: EventStore, actor: Caller, templateId: string): Promise<void> {
  const { state } = await loadAggregate(store, emailTemplateStreamId(templateId), templateDecider)
  const visible =
    state.fields !== null &&
    !state.deleted &&
    canSeeTemplate(actor, { scope: state.fields.scope, ownerId: state.ownerId, divisionId: state.divisionId })
  if (!visible) throw notFound(emailMessages.templateNotFound)
}

const contactValues = (contact: ContactState): MergeValues => {
  const p = contact.profile
  return {
    'contact.name': p?.name ?? '',
    'contact.dba': p?.dba ?? '',
    'contact.ownerName': p?.ownerName ?? '',
    'contact.email': p?.email ?? '',
    'contact.dotNumber': p?.dotNumber ?? '',
    'contact.mcNumber': p?.mcNumber ?? '',
    'contact.city': p?.address?.city ?? '',
    'contact.state': p?.address?.state ?? '',
    'contact.businessPhone': p?.businessPhone ?? '',
  }
}

/**
 * The message as it will be sent: the contact (one the sender may see, with an email address), merge fields
 * filled from the contact and the sender, and the sender's signature under the body unless the template placed
 * it. Composed when the rep sends or schedules, so the history shows what went out.
 */
export async function composeEmail(
  store: EventStore,
  actor: Caller,
  draft: Draft,
  message: MessageFacts,
  recipientLinks: RecipientLinks,
): Promise<EmailQueued['data']> {
  const contact = await loadContact(store, draft.contactId)
  if (!contact.created || contact.deleted) throw notFound('Contact not found')
  assertVisibleTo(contact, actor)
  if (draft.templateId) await assertSeesTemplate(store, actor, draft.templateId)
  const recipient = contact.profile?.email?.trim()
  if (!recipient || recipient === ERASED)
    throw badRequest(emailMessages.enterEmailFirst, { contactId: emailMessages.enterEmailFirst })
  const sender = await loadUser(store, actor.userId)
  return composeFor(
    contact,
    { ...sender, userId: actor.userId, divisionId: actor.divisionId },
    draft,
    message,
    recipientLinks,
  )
}

export interface MessageFacts {
  messageId: string
  sendingTime: string
  scheduled: boolean
  marketing: boolean
  campaignId?: string
}

/**
 * The composing itself, without I/O: a contact already checked (visible, with an address) and the sender's
 * user state. A marketing send composes thousands with one sender.
 */
export function composeFor(
  contact: ContactState,
  sender: UserState & { userId: string; divisionId: number },
  draft: Draft,
  message: MessageFacts,
  recipientLinks: RecipientLinks,
): EmailQueued['data'] {
  const recipient = contact.profile?.email?.trim() ?? ''
  const signature = sender.profile.signature?.trim() ?? ''
  const values: MergeValues = {
    ...contactValues(contact),
    'sender.name': sender.name,
    'sender.email': sender.email,
    'sender.signature': signature,
  }
  const placed = /\{\{\s*sender\.signature\s*\}\}/.test(draft.body)
  const body = placed || !signature ? draft.body : `${draft.body}<p>{{sender.signature}}</p>`
  const { html, links } = withRecipientLinks(
    fillMergeFields(body, values, { html: true }),
    linksOf(recipientLinks, message.messageId),
    sender.name,
  )
  return {
    messageId: message.messageId,
    contactId: draft.contactId,
    divisionId: sender.divisionId,
    senderId: sender.userId,
    senderName: sender.name,
    senderEmail: sender.email || null,
    templateId: draft.templateId ?? null,
    recipient,
    subject: fillMergeFields(draft.subject, values, { html: false }),
    html,
    text: htmlToText(html),
    sendingTime: message.sendingTime,
    scheduled: message.scheduled,
    marketing: message.marketing,
    links,
    ...(message.campaignId && { campaignId: message.campaignId }),
  }
}

const decodeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
const encodeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/**
 * Web links of the body go through the tracked click link (recorded, then opened); the links themselves are
 * kept with the message so that nothing else redirects. Under the body: how to unsubscribe or report abuse.
 */
function withRecipientLinks(html: string, links: ReturnType<typeof linksOf>, senderName: string) {
  const found: string[] = []
  const tracked = html.replace(/href\s*=\s*"(https?:\/\/[^"]+)"/gi, (_, raw: string) => {
    const url = decodeAttribute(raw)
    if (!found.includes(url)) found.push(url)
    return `href="${encodeAttribute(links.click(url))}"`
  })
  const footer =
    `<p style="margin-top:24px;font-size:12px;color:#666">You received this email from ${encodeAttribute(senderName)}. ` +
    `<a href="${links.unsubscribePage}">Unsubscribe</a> · <a href="${links.reportAbusePage}">Report abuse</a></p>`
  return { html: `${tracked}${footer}`, links: found }
}
