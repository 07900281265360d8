import { z } from 'zod'
import { messages } from '../messages'

export const loginRequestSchema = z.object({
  email: z.email({ error: messages.invalidEmail }).max(254),
  password: z.string({ error: 'Please enter password' }).min(1, 'Please enter password').max(200),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const sessionUserSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  divisionId: z.number(),
  permissions: z.array(z.string()),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const loginResponseSchema = z.object({
  token: z.string(),
  sessionToken: z.string(),
  expiresAt: z.string(),
  user: sessionUserSchema,
})
export type LoginResponse = z.infer<typeof loginResponseSchema>
