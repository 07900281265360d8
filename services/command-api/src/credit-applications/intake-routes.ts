import {
  creditApplicationMessages as m,
  creditApplicationPath,
  creditApplicationSensitiveSchema,
  creditApplicationSources,
  publicCreditApplicationSchema,
  publicFormTokenSchema,
  publicSubmitAnswerSchema,
  submitCreditApplicationSchema,
  type CreditApplicationSource,
  type SubmitCreditApplication,
} from '@crm/contracts'
import { HttpProblem, badRequest, currentTime, tooManyRequests, type EventStore, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { timingSafeEqual, createHash } from 'node:crypto'
import { z } from 'zod'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { idsFor, newCommandId } from '../command-handling/ids'
import { createRateLimiter } from '../auth/rate-limit'
import { signFormToken, verifyFormToken } from './form-token'
import { runApplicationCommand } from './run'
import { sealSent, type Sealer } from './sealing'

export interface IntakeSettings {
  intakeKeys: Partial<Record<CreditApplicationSource, string | undefined>>
  formMinSeconds: number
  formLimitPerHour: number
  /** Signs the public form's tokens; a token is good for `formTokenTtlSeconds` after it was issued. */
  formSecret: string
  formTokenTtlSeconds: number
}

const sensitiveKeys = Object.keys(creditApplicationSensitiveSchema.shape)
const tags = ['credit-applications']
const intakeAnswerSchema = z.object({ id: z.string(), position: z.string() })

/** A hash first, so the comparison takes the same time whatever the lengths. */
const sameKey = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest())

/**
 * The intake key is checked before anything else (onRequest: before the body is even read), so a caller without
 * the source's key learns nothing of the schema: 401 saying the key is missing or wrong. A source without a key
 * in configuration takes no applications.
 */
function requireIntakeKey(settings: IntakeSettings, source: CreditApplicationSource) {
  return async (request: FastifyRequest) => {
    const expected = settings.intakeKeys[source]
    const given = request.headers['x-api-key']
    if (typeof given !== 'string' || given === '') {
      throw new HttpProblem(401, m.intakeKeyMissing, { detail: m.intakeKeyMissing })
    }
    if (!expected || !sameKey(given, expected)) {
      throw new HttpProblem(401, m.intakeKeyWrong, { detail: m.intakeKeyWrong })
    }
  }
}

const anonymousEnvelope = (): CommandEnvelope => {
  const commandId = newCommandId()
  return { commandId, userId: null, divisionId: null, correlationId: commandId, causationId: null }
}

async function file(
  store: EventStore,
  sealer: Sealer,
  source: CreditApplicationSource,
  channel: 'form' | 'intake',
  body: SubmitCreditApplication,
) {
  const envelope = anonymousEnvelope()
  const applicationId = idsFor(envelope.commandId, 'credit-application').next()
  const { loans, owners, residences, references, ...rest } = body
  const sensitive = Object.fromEntries(sensitiveKeys.map((k) => [k, rest[k as keyof typeof rest] as string | null]))
  const fields = Object.fromEntries(Object.entries(rest).filter(([k]) => !sensitiveKeys.includes(k)))
  const result = await runApplicationCommand(
    store,
    applicationId,
    {
      type: 'ReceiveCreditApplication',
      applicationId,
      source,
      channel,
      fields: { applicationDate: currentTime().toISOString().slice(0, 10), ...fields },
      sealed: sealSent(sealer, Object.fromEntries(Object.entries(sensitive).filter(([, v]) => v !== undefined))),
      lists: { loans, owners, residences, references },
    },
    envelope,
  )
  return { id: applicationId, position: result.position ?? '' }
}

/**
 * How applications arrive (docs/decisions/021): each source's system posts to its list's path with its own key
 * (header x-api-key, from configuration; a source without a key takes none), and carriers fill the public form,
 * which files website applications behind a hidden field, a minimum fill time and a limit per address.
 */
export function creditApplicationIntakeRoutes(
  api: HttpApp,
  { store, sealer, settings }: { store: EventStore; sealer: Sealer; settings: IntakeSettings },
): void {
  for (const source of creditApplicationSources) {
    api.post(
      `/${creditApplicationPath(source)}`,
      {
        config: { public: true, openapi: { errors: [401] } },
        onRequest: requireIntakeKey(settings, source),
        schema: {
          tags,
          summary: `File a ${source === 'website' ? 'website' : source.toUpperCase()} credit application (the source's system, header x-api-key)`,
          headers: z.object({ 'x-api-key': z.string().max(500).optional() }),
          body: submitCreditApplicationSchema,
          response: { 201: intakeAnswerSchema },
        },
      },
      async (request, reply) => {
        return reply.code(201).send(await file(store, sealer, source, 'intake', request.body))
      },
    )
  }

  const perAddress = createRateLimiter({ limit: settings.formLimitPerHour, windowMs: 3600_000 })
  api.get(
    `/${creditApplicationPath('website')}/apply/form-token`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The public application form asks for its token when it opens (sent back as formToken)',
        response: { 200: publicFormTokenSchema },
      },
    },
    async (_request, reply) => {
      const issuedAt = new Date()
      const expiresAt = new Date(issuedAt.getTime() + settings.formTokenTtlSeconds * 1000)
      // Each opening of the form gets its own token: never a cached one.
      reply.header('cache-control', 'no-store')
      return { formToken: signFormToken(settings.formSecret, issuedAt), expiresAt: expiresAt.toISOString() }
    },
  )
  api.post(
    `/${creditApplicationPath('website')}/apply`,
    {
      config: { public: true, openapi: { errors: [422, 429] } },
      schema: {
        tags,
        summary: 'The public application form: files a website credit application (no sign-in)',
        body: publicCreditApplicationSchema,
        response: { 201: publicSubmitAnswerSchema },
      },
    },
    async (request, reply) => {
      const wait = perAddress.hit(request.ip)
      if (wait > 0) throw tooManyRequests(wait)
      // `startedAt` (older pages) is the client's word: ignored, the token says when the form opened.
      const { website, formToken, startedAt: _ignored, ...application } = request.body
      // A bot fills the field people never see: answered like a success, filed nowhere.
      if (website && website.trim() !== '') return reply.code(201).send({ message: m.submitted })
      if (!formToken) throw badRequest(m.formTokenMissing, { formToken: m.formTokenMissing })
      const token = verifyFormToken(settings.formSecret, formToken, settings.formTokenTtlSeconds)
      if (!token) throw new HttpProblem(422, m.formTokenInvalid, { detail: m.formTokenInvalid })
      if (Date.now() - token.issuedAt.getTime() < settings.formMinSeconds * 1000) {
        throw new HttpProblem(422, m.tooFast, { detail: m.tooFast })
      }
      if (!application.applicantFirstName?.trim() && !application.applicantLastName?.trim()) {
        throw badRequest(m.nameRequired, { applicantFirstName: m.nameRequired })
      }
      if (!application.businessName?.trim()) throw badRequest(m.businessRequired, { businessName: m.businessRequired })
      await file(store, sealer, 'website', 'form', application)
      return reply.code(201).send({ message: m.submitted })
    },
  )
}
