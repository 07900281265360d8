import { z } from 'zod'
import { messages } from '../messages'

const password = z
  .string({ error: 'Please enter new Password' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is at most 200 characters')

const newPasswordFields = {
  newPassword: password,
  confirmPassword: z
    .string({ error: messages.confirmNewPassword })
    .min(1, messages.confirmNewPassword)
    .max(200, messages.passwordsDontMatch),
}
const confirmationMatches = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword
const mismatch = { path: ['confirmPassword'], message: messages.passwordsDontMatch }

export const passwordMessages = {
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is not right',
} as const

/** change-team-user-password, and an administrator's change-pass: the confirmation is checked on the server too. */
export const changePasswordSchema = z.object(newPasswordFields).refine(confirmationMatches, mismatch)
export type ChangePassword = z.infer<typeof changePasswordSchema>

/**
 * change-pass: a user changing their own password proves it is them with the current one (a session left open
 * on a shared computer is not enough); an administrator setting someone else's does not send it.
 */
export const changeOwnPasswordSchema = z
  .object({ currentPassword: z.string().max(200).optional(), ...newPasswordFields })
  .refine(confirmationMatches, mismatch)
export type ChangeOwnPassword = z.infer<typeof changeOwnPasswordSchema>

/** The change-password form of a user for themselves: the current password is required there. */
export const ownPasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: passwordMessages.currentRequired }).min(1, passwordMessages.currentRequired),
    ...newPasswordFields,
  })
  .refine(confirmationMatches, mismatch)

/**
 * The public /change-password form (docs/product.md section 2): someone not logged in proves who they are with
 * their email and current password, as at login, and sets a new one.
 */
export const publicChangePasswordSchema = z
  .object({
    email: z.email({ error: messages.invalidEmail }).max(254),
    currentPassword: z
      .string({ error: passwordMessages.currentRequired })
      .min(1, passwordMessages.currentRequired)
      .max(200),
    ...newPasswordFields,
  })
  .refine(confirmationMatches, mismatch)
export type PublicChangePassword = z.infer<typeof publicChangePasswordSchema>

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
