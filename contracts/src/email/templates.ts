import { z } from 'zod'
import { mustChange } from '../common/patch-schema'
import { EMAIL_LIMITS, emailMessages } from './messages'

/** Who a template is for: its author only, or everyone of a division. */
export const templateScopes = ['personal', 'division'] as const
export type TemplateScope = (typeof templateScopes)[number]

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max)
const name = required(emailMessages.nameRequired, EMAIL_LIMITS.name)
const subject = required(emailMessages.subjectRequired, EMAIL_LIMITS.subject)
const body = required(emailMessages.bodyRequired, EMAIL_LIMITS.body)

/** POST /emails/templates: a division template belongs to the author's division unless a cross-division user names one. */
export const createTemplateSchema = z.object({
  name,
  subject,
  body,
  scope: z.enum(templateScopes).default('personal'),
  divisionId: z.number().int().min(1).max(1_000_000).optional(),
})
export type CreateTemplate = z.infer<typeof createTemplateSchema>

/** PATCH /emails/templates/{id}: any subset. */
export const updateTemplateSchema = z
  .object({
    name: name.optional(),
    subject: subject.optional(),
    body: body.optional(),
    scope: z.enum(templateScopes).optional(),
  })
  .refine(...mustChange())
export type UpdateTemplate = z.infer<typeof updateTemplateSchema>

export const templateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  scope: z.enum(templateScopes),
  divisionId: z.number().int().nullable(),
  divisionName: z.string().nullable(),
  ownerName: z.string().nullable(),
  mine: z.boolean(),
  mayEdit: z.boolean(),
  updatedAt: z.string(),
})
export type TemplateRow = z.infer<typeof templateRowSchema>

export const templateListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  first: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(200).optional(),
  scope: z.enum(templateScopes).optional(),
})
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>
