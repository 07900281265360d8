import { loginResponseSchema, type LoginResponse } from '@crm/contracts'
import { api } from './api'

type SsoLogin = LoginResponse & { pathname: string | null; contactId: string | null }

/** Single sign-on: the sealed query parameter of a sister app becomes a login here. */
export async function decryptSso(payload: string): Promise<SsoLogin> {
  const body = await api.post<SsoLogin>('/auth/decrypt', { payload }, { quiet: true, noAuthRedirect: true })
  return { ...loginResponseSchema.parse(body), pathname: body.pathname ?? null, contactId: body.contactId ?? null }
}
