import { z } from 'zod'

export const divisionNameSchema = z
  .string({ error: 'Please enter division name' })
  .trim()
  .min(1, 'Please enter division name')
  .max(100, 'Division name is at most 100 characters')

export const createDivisionSchema = z.object({ name: divisionNameSchema }).strict()
export type CreateDivision = z.infer<typeof createDivisionSchema>
export const renameDivisionSchema = createDivisionSchema
export type RenameDivision = CreateDivision

export const divisionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(1_000_000_000) })

export const divisionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userCount: z.number().int(),
  createdAt: z.string().nullable(),
})
export type Division = z.infer<typeof divisionSchema>

export const divisionOptionSchema = z.object({ id: z.number().int(), name: z.string() })
export type DivisionOption = z.infer<typeof divisionOptionSchema>

/** Answers of the division commands carry the toast text of docs/product.md section 8. */
export const divisionResultSchema = z.object({ id: z.number().int(), message: z.string(), position: z.string() })

/** Stream `division-<id>`. Ids are small integers (division 15 is the default, 1 the executive one). */
export type DivisionCreated = { type: 'DivisionCreated'; data: { divisionId: number; name: string } }
export type DivisionRenamed = { type: 'DivisionRenamed'; data: { divisionId: number; name: string } }
export type DivisionDeleted = { type: 'DivisionDeleted'; data: { divisionId: number } }
export type DivisionEvent = DivisionCreated | DivisionRenamed | DivisionDeleted
