import type { LoginRequest, LoginResponse } from '@crm/contracts'
import { api } from '../../lib/api'

export const loginSchemas = () => import('./login-schemas')

export async function loginUser(credentials: LoginRequest): Promise<LoginResponse> {
  // Bad credentials answer 401: shown on the form, not treated as an expired session.
  const body = await api.post<unknown>('/auth/login-user', credentials, { noAuthRedirect: true, quiet: [400, 401] })
  return (await loginSchemas()).loginResponseSchema.parse(body)
}

export async function logoutSession(sessionToken: string): Promise<void> {
  await api.post('/auth/logout', undefined, {
    headers: { 'x-session-token': sessionToken },
    quiet: true,
    noAuthRedirect: true,
  })
}

type Message = { message: string }

/** Forms show field errors and the answer themselves: no toasts from the client for these. */
const formCall = { quiet: [400, 422, 429], noAuthRedirect: true }

export const changeOwnPassword = (
  userId: string,
  body: { currentPassword?: string; newPassword: string; confirmPassword: string },
) => api.post<Message>(`/auth/change-pass/${userId}`, body, { quiet: [400, 422] })

/** The public /change-password form: no session, the email and current password prove who is changing. */
export const changePasswordSignedOut = (body: {
  email: string
  currentPassword: string
  newPassword: string
  confirmPassword: string
}) => api.post<Message>('/auth/change-password', body, formCall)

export const changeTeamUserPassword = (userId: string, body: { newPassword: string; confirmPassword: string }) =>
  api.post<Message>(`/auth/change-team-user-password/${userId}`, body, { quiet: [400, 422] })

export const forgotPassword = (email: string) => api.post<Message>('/auth/forgot-password', { email }, formCall)

export const resetPasswordByToken = (token: string, password: string) =>
  api.post<Message>('/auth/reset-password-by-token', { token, password }, formCall)

/** A fresh bearer token for a live session (the way back from 'Sign in as…' after the token expired). */
export async function refreshLogin(sessionToken: string): Promise<LoginResponse> {
  const body = await api.post<unknown>('/auth/refresh-token', undefined, {
    headers: { 'x-session-token': sessionToken },
    quiet: true,
    noAuthRedirect: true,
  })
  return (await loginSchemas()).loginResponseSchema.parse(body)
}

export async function loginAsUser(userId: string): Promise<LoginResponse> {
  const body = await api.post<unknown>('/auth/login-as-user', { userId })
  return (await loginSchemas()).loginResponseSchema.parse(body)
}
