import {
  assignCreditAnalystSchema,
  changeCreditApplicationStatusSchema,
  commandAnswerSchema,
  creditApplicationMessages as m,
  ERASED,
  creditApplicationPath,
  creditApplicationSensitiveSchema,
  creditApplicationSources,
  editCreditApplicationSchema,
  replaceLoansSchema,
  replaceOwnersSchema,
  replaceReferencesSchema,
  replaceResidencesSchema,
  revealAnswerSchema,
  revealSensitiveSchema,
  type CreditApplicationListName,
  type CreditApplicationSource,
  type CreditApplicationStatusId,
} from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { findUserById } from '../users/users-read-model'
import { callerOf } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { withPosition } from '../command-handling/respond'
import { loadApplication, runApplicationCommand } from './run'
import { applicationEraseRoute } from './erase-route'
import { sealSent, type Sealer } from './sealing'

const idParams = z.object({ id: z.uuid() })
const sensitiveKeys = new Set(Object.keys(creditApplicationSensitiveSchema.shape))
const listBodies = {
  loans: replaceLoansSchema,
  owners: replaceOwnersSchema,
  residences: replaceResidencesSchema,
  references: replaceReferencesSchema,
} as const

/** Splits an edit into plain fields and sensitive ones (sealed before they reach the decider). */
function splitEdit(body: Record<string, unknown>) {
  const plain: Record<string, unknown> = {}
  const sensitive: Record<string, string | null> = {}
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue
    if (sensitiveKeys.has(key)) sensitive[key] = value as string | null
    else plain[key] = value
  }
  return { plain, sensitive }
}

/**
 * The review commands of each source's applications (docs/product.md 7): edit, status, complete, the lists
 * inside, and a recorded reveal of a sensitive value (docs/decisions/021).
 */
export function creditApplicationRoutes(
  api: HttpApp,
  { store, sealer, db }: { store: EventStore; sealer: Sealer; db: Kysely<unknown> },
): void {
  for (const source of creditApplicationSources) {
    sourceRoutes(api, store, sealer, source)
    analystRoute(api, store, db, source)
    applicationEraseRoute(api, { store, db }, source)
  }
}

/** Assigning the application's analyst: the decider checks the user is a credit analyst of its divisions. */
function analystRoute(api: HttpApp, store: EventStore, db: Kysely<unknown>, source: CreditApplicationSource): void {
  api.post(
    `/${creditApplicationPath(source)}/:id/assign-analyst`,
    {
      schema: {
        tags: ['credit-applications'],
        summary: `Assign the analyst of ${source === 'website' ? 'a website' : `a ${source.toUpperCase()}`} credit application (null: none)`,
        params: idParams,
        body: assignCreditAnalystSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const { analystId } = request.body
      const user = analystId ? await findUserById(db, analystId) : undefined
      const command = {
        type: 'AssignCreditAnalyst' as const,
        source,
        actor: callerOf(request),
        analystId,
        analyst: user && { divisionId: user.divisionId, permissions: user.permissions, disabled: user.disabled },
      }
      const result = await runApplicationCommand(store, request.params.id, command, envelopeOf(request), m.updateFailed)
      return withPosition(reply, result.position, { id: request.params.id })
    },
  )
}

function sourceRoutes(api: HttpApp, store: EventStore, sealer: Sealer, source: CreditApplicationSource): void {
  const base = `/${creditApplicationPath(source)}/:id`
  const tags = ['credit-applications']
  const label = source === 'website' ? 'a website' : `a ${source.toUpperCase()}`

  api.patch(
    base,
    {
      schema: {
        tags,
        summary: `Edit ${label} credit application (only the fields sent)`,
        params: idParams,
        body: editCreditApplicationSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const { plain, sensitive } = splitEdit(request.body)
      const command = {
        type: 'EditCreditApplication' as const,
        source,
        actor: callerOf(request),
        changes: plain,
        sealed: sealSent(sealer, sensitive),
      }
      const result = await runApplicationCommand(store, request.params.id, command, envelopeOf(request), m.updateFailed)
      return withPosition(reply, result.position, { id: request.params.id })
    },
  )

  api.post(
    `${base}/status`,
    {
      schema: {
        tags,
        summary: `Move ${label} credit application to another status`,
        params: idParams,
        body: changeCreditApplicationStatusSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const command = {
        type: 'ChangeCreditApplicationStatus' as const,
        source,
        actor: callerOf(request),
        statusId: request.body.statusId as CreditApplicationStatusId,
        note: request.body.note?.trim() || null,
      }
      const result = await runApplicationCommand(store, request.params.id, command, envelopeOf(request), m.updateFailed)
      return withPosition(reply, result.position, { id: request.params.id })
    },
  )

  api.post(
    `${base}/complete`,
    {
      schema: {
        tags,
        summary: `Complete ${label} credit application (refused, naming what is missing, until it is)`,
        params: idParams,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const command = { type: 'CompleteCreditApplication' as const, source, actor: callerOf(request) }
      const result = await runApplicationCommand(
        store,
        request.params.id,
        command,
        envelopeOf(request),
        m.completeFailed,
      )
      return withPosition(reply, result.position, { id: request.params.id })
    },
  )

  for (const list of Object.keys(listBodies) as CreditApplicationListName[]) {
    api.put(
      `${base}/${list}`,
      {
        schema: {
          tags,
          summary: `Replace the ${list} of ${label} credit application`,
          params: idParams,
          body: listBodies[list],
          response: { 200: commandAnswerSchema },
        },
      },
      async (request, reply) => {
        const command = {
          type: 'ReplaceCreditApplicationList' as const,
          source,
          actor: callerOf(request),
          list,
          items: (request.body as { items: [] }).items,
        }
        const result = await runApplicationCommand(
          store,
          request.params.id,
          command,
          envelopeOf(request),
          m.updateFailed,
        )
        return withPosition(reply, result.position, { id: request.params.id })
      },
    )
  }

  api.post(
    `${base}/reveal`,
    {
      schema: {
        tags,
        summary: `Show one sensitive value of ${label} credit application unmasked (credit permission; recorded)`,
        params: idParams,
        body: revealSensitiveSchema,
        response: { 200: revealAnswerSchema },
      },
    },
    async (request) => {
      const { field } = request.body
      const command = { type: 'RevealCreditApplicationData' as const, source, actor: callerOf(request), field }
      // The reveal is recorded first: a value is never shown without its event.
      await runApplicationCommand(store, request.params.id, command, envelopeOf(request))
      const sealed = (await loadApplication(store, request.params.id)).sealed[field]
      if (!sealed) return { field, value: null }
      // Erased with the applicant's personal data (docs/decisions/035): nothing is left to open.
      return { field, value: sealed.cipher === ERASED ? ERASED : sealer.open(field, sealed) }
    },
  )
}
