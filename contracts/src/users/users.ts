import { mustChange } from '../common/patch-schema'
import { optionalPhoneSchema } from '../common/phone'
import { z } from 'zod'
import { permissionKeys, rolePresets } from '../auth/permissions'
import { messages } from '../messages'

export * from './expectations'

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional()

export const userExpectationsSchema = z
  .object({
    day: z.number().int().min(0).max(100_000).optional(),
    week: z.number().int().min(0).max(100_000).optional(),
    month: z.number().int().min(0).max(1_000_000).optional(),
    year: z.number().int().min(0).max(10_000_000).optional(),
  })
  .strict()
export type UserExpectations = z.infer<typeof userExpectationsSchema>

/** Free-form switches of the profile page; small and flat so that a bad client cannot store megabytes. */
export const userOptionsSchema = z
  .record(z.string().min(1).max(64), z.union([z.boolean(), z.number(), z.string().max(500), z.null()]))
  .refine((o) => Object.keys(o).length <= 50, 'At most 50 options')
export type UserOptions = z.infer<typeof userOptionsSchema>

export const roleNames = Object.keys(rolePresets) as (keyof typeof rolePresets)[]
export type RoleName = keyof typeof rolePresets

const newPassword = z
  .string({ error: 'Please enter new Password' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is at most 200 characters')

export const createUserSchema = z
  .object({
    email: z.email({ error: messages.invalidEmail }).max(254),
    name: z.string({ error: 'Please enter name' }).trim().min(1, 'Please enter name').max(200),
    password: newPassword,
    divisionId: z.number({ error: 'Please select division' }).int().positive(),
    /** A role preset, or explicit permission keys (explicit ones win). */
    role: z.enum(roleNames).optional(),
    permissions: z.array(z.enum(permissionKeys)).max(permissionKeys.length).optional(),
    managerId: z.uuid().nullable().optional(),
  })
  .strict()
export type CreateUser = z.infer<typeof createUserSchema>

export const updateUserSchema = z
  .object({
    email: z.email({ error: messages.invalidEmail }).max(254),
    name: z.string().trim().min(1, 'Please enter name').max(200),
    divisionId: z.number().int().positive(),
    managerId: z.uuid().nullable(),
    permissions: z.array(z.enum(permissionKeys)).max(permissionKeys.length),
    active: z.boolean(),
    /** Targets per period (docs/product.md section 3); administrators, or the user's manager alone. */
    expectations: userExpectationsSchema,
  })
  .partial()
  .strict()
  .refine(...mustChange())
export type UpdateUser = z.infer<typeof updateUserSchema>

export const updateProfileSchema = z
  .object({
    phoneNumber: optionalPhoneSchema('Phone number'),
    activePhone: optionalPhoneSchema('Active phone'),
    officeExt: optionalText(10),
    signature: optionalText(5000),
    expectations: userExpectationsSchema.optional(),
  })
  .strict()
  .refine(...mustChange())
export type UpdateProfile = z.infer<typeof updateProfileSchema>

export const updateOptionsSchema = z.object({ options: userOptionsSchema }).strict()

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a user id' }) })

export const userSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  divisionId: z.number().nullable(),
  divisionName: z.string().nullable(),
  managerId: z.string().nullable(),
  managerName: z.string().nullable(),
  permissions: z.array(z.string()),
  phoneNumber: z.string().nullable(),
  activePhone: z.string().nullable(),
  officeExt: z.string().nullable(),
  signature: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  expectations: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  createdAt: z.string().nullable(),
})
export type User = z.infer<typeof userSchema>

export const usersListParamsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  first: z.coerce.number().int().min(0).max(10_000_000).default(0),
  search: z.string().trim().max(200).optional(),
  divisionId: z.coerce.number().int().positive().optional(),
  /** Only the team of this manager (the My team screen). */
  managerId: z.uuid().optional(),
  /** Inactive users are listed only when asked (the users screen), never in pickers. */
  includeInactive: z.stringbool().optional(),
})
export type UsersListParams = z.infer<typeof usersListParamsSchema>

export const userResultSchema = z.object({ userId: z.string(), position: z.string() })

/**
 * GET /users/for-select: a user picker's page as the user types (50 a page, the caller first), of the users the
 * caller may see; `divisionId` narrows it to one division.
 */
export const usersForSelectQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  divisionId: z.coerce.number().int().positive().optional(),
})
export type UsersForSelectQuery = z.infer<typeof usersForSelectQuerySchema>
