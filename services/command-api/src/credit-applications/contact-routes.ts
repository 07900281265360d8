import {
  commandAnswerSchema,
  createContactResultSchema,
  createContactSchema,
  creditApplicationContactSchema,
  creditApplicationMessages as m,
  creditApplicationPath,
  creditApplicationSources,
  mergeWithContactSchema,
  worksAcrossDivisions,
  type Caller,
  type CreditApplicationSource,
} from '@crm/contracts'
import { badRequest, forbidden, notFound, type EventStore, type HttpApp } from '@crm/platform'
import { z } from 'zod'
import { callerOf } from '../command-handling/caller'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { runContactCommand } from '../contacts/run-contact-command'
import type { CreditApplicationState } from './state'
import { loadApplication, precheck, runApplicationCommand } from './run'

const idParams = z.object({ id: z.uuid() })
const tags = ['credit-applications']
const today = () => new Date().toISOString().slice(0, 10)

/** Marks the contact as a credit-app contact (docs/product.md 3: isCreditApp with creditAppDate), then links. */
async function markAndLink(
  store: EventStore,
  actor: Caller,
  envelope: CommandEnvelope,
  application: CreditApplicationState,
  contactId: string,
  createdContact: boolean,
) {
  const source = application.source as CreditApplicationSource
  const creditAppDate = today()
  const link = {
    type: 'LinkCreditApplicationToContact' as const,
    source,
    actor,
    contactId,
    creditAppDate,
    createdContact,
  }
  precheck(application, link)
  await runContactCommand(
    store,
    contactId,
    { type: 'RecordCreditApplication', actor, creditAppDate },
    { ...envelope, commandId: `${envelope.commandId}:contact` },
  )
  return runApplicationCommand(store, application.applicationId!, link, {
    ...envelope,
    commandId: `${envelope.commandId}:link`,
  })
}

/** A contact made from the application's business and applicant (POST /contacts/credit-application-contact). */
function contactFromApplication(application: CreditApplicationState, organizationTypeId: number, divisionId: number) {
  const f = application.fields
  const person = [f.applicantFirstName, f.applicantLastName].filter(Boolean).join(' ') || null
  return createContactSchema.safeParse({
    name: f.businessName ?? person ?? '',
    dba: f.businessDba ?? null,
    ownerName: person,
    email: f.businessEmail ?? f.applicantEmail ?? null,
    businessPhone: f.businessPhone ?? f.applicantPhone ?? null,
    address: {
      street1: f.businessStreet ?? null,
      city: f.businessCity ?? null,
      state: f.businessState ?? null,
      zip: f.businessZip ?? null,
    },
    dotNumber: f.businessDotNumber ?? null,
    mcNumber: f.businessMcNumber ?? null,
    numberOfTrucks: f.businessNumberOfTrucks ?? null,
    organizationTypeId,
    divisionId,
  })
}

/** Matching an application to a contact: link an existing one, or create one from the application. */
export function creditApplicationContactRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  for (const source of creditApplicationSources) {
    api.post(
      `/${creditApplicationPath(source)}/:id/merge-with-contact`,
      {
        schema: {
          tags,
          summary: `Link a ${source} credit application to a contact (the contact becomes Credit App, with its date)`,
          params: idParams,
          body: mergeWithContactSchema,
          response: { 200: commandAnswerSchema },
        },
      },
      async (request, reply) => {
        const actor = callerOf(request)
        const application = await loadApplication(store, request.params.id)
        precheck(application, { type: 'CheckCreditApplicationVisible', source, actor })
        const result = await markAndLink(store, actor, envelopeOf(request), application, request.body.contactId, false)
        return withPosition(reply, result.position, { id: request.params.id })
      },
    )
  }

  api.post(
    '/contacts/credit-application-contact',
    {
      schema: {
        tags,
        summary: 'Create a contact from a credit application and link the two',
        body: creditApplicationContactSchema,
        response: { 201: createContactResultSchema },
      },
    },
    async (request, reply) => {
      const actor = callerOf(request)
      const application = await loadApplication(store, request.body.applicationId)
      if (!application.source) throw notFound(m.notFound)
      precheck(application, { type: 'CheckCreditApplicationVisible', source: application.source, actor })
      const divisionId = request.body.divisionId ?? actor.divisionId
      if (divisionId !== actor.divisionId && !worksAcrossDivisions(actor)) throw forbidden()
      if (application.contactId) throw badRequest(m.alreadyLinked)
      const data = contactFromApplication(application, request.body.organizationTypeId, divisionId)
      if (!data.success) {
        throw badRequest(
          m.updateFailed,
          Object.fromEntries(data.error.issues.map((i) => [String(i.path[0]), i.message])),
        )
      }
      const envelope = envelopeOf(request)
      const contactId = idsFor(envelope.commandId, 'contact').next()
      await handleCommand(
        store,
        contactDecider,
        contactStreamId(contactId),
        { type: 'CreateContact', contactId, data: data.data, actor },
        envelope,
      )
      const result = await markAndLink(store, actor, envelope, application, contactId, true)
      return reply.code(201).send(withPosition(reply, result.position, { id: contactId }))
    },
  )
}
