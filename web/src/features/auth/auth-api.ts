import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@crm/contracts'
import { api } from '../../lib/api'

export async function loginUser(credentials: LoginRequest): Promise<LoginResponse> {
  // Bad credentials answer 401: shown on the form, not treated as an expired session.
  const body = await api.post<unknown>('/auth/login-user', credentials, { noAuthRedirect: true, quiet: [400, 401] })
  return loginResponseSchema.parse(body)
}

export async function logoutSession(sessionToken: string): Promise<void> {
  await api.post('/auth/logout', undefined, {
    headers: { 'x-session-token': sessionToken },
    quiet: true,
    noAuthRedirect: true,
  })
}
