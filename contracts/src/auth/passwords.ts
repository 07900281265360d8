import { z } from 'zod'
import { messages } from '../messages'

const password = z
  .string({ error: 'Please enter new Password' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is at most 200 characters')

/** change-pass and change-team-user-password: the confirmation is checked on the server too. */
export const changePasswordSchema = z
  .object({
    newPassword: password,
    confirmPassword: z
      .string({ error: messages.confirmNewPassword })
      .min(1, messages.confirmNewPassword)
      .max(200, messages.passwordsDontMatch),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDontMatch,
  })
export type ChangePassword = z.infer<typeof changePasswordSchema>

export const forgotPasswordSchema = z.object({ email: z.email({ error: messages.invalidEmail }).max(254) })
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: messages.passwordResetFailed })
    .min(1, messages.passwordResetFailed)
    .max(1000, messages.passwordResetFailed),
  password,
})
export type ResetPassword = z.infer<typeof resetPasswordSchema>

export const loginAsSchema = z.object({ userId: z.uuid({ error: 'Please select User' }) })

/** SSO (fromCRM / fromTruckSales): the encrypted query parameter as the web received it. */
export const decryptRequestSchema = z.object({
  payload: z.string({ error: 'Missing payload' }).min(1, 'Missing payload').max(4000, 'Invalid payload'),
})
/**
 * What a sister application encrypts (AES-256-GCM with SSO_SECRET): whom to log in, until when (epoch
 * seconds), and for fromTruckSales where to go.
 */
export const ssoPayloadSchema = z.object({
  userId: z.uuid(),
  exp: z.number().int(),
  pathname: z
    .string()
    .max(300)
    .regex(/^\/[A-Za-z0-9/_-]*$/)
    .optional(),
  contactId: z.union([z.string().max(100), z.number()]).optional(),
})
export type SsoPayload = z.infer<typeof ssoPayloadSchema>

export const messageResultSchema = z.object({ message: z.string() })
