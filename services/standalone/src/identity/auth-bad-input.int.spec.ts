import { messages, passwordMessages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from './identity-stack'

const big = 'x'.repeat(10_240)
// Well-formed text of every kind; a NUL byte is refused at the edge on every route (hostile-input.int.spec.ts).
const unicode = 'Đorđe 🚚 \u202e ﷽'

describe.each(databaseTargets())('bad input on the auth routes on $name', (target) => {
  let t: IdentityStack
  let user: Awaited<ReturnType<IdentityStack['userWith']>>
  beforeAll(async () => {
    t = await createIdentityStack(target, { SSO_SECRET: 'shared-sso-secret-for-tests' })
    user = await t.userWith('Input Ida', ['call', 'login-as', 'manager'])
  }, 120_000)
  afterAll(() => t.close())

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/${url}`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    })

  const routes = [
    'login-user',
    'login-as-user',
    'refresh-token',
    'logout',
    `change-team-user-password/${'00000000-0000-4000-8000-000000000000'}`,
    'change-pass/USER',
    'forgot-password',
    'reset-password-by-token',
    'decrypt',
  ]
  const bodies: unknown[] = [
    {},
    null,
    [],
    'just a string',
    42,
    { email: 42, password: true, newPassword: [], confirmPassword: {}, token: 7, userId: 9, payload: false },
    {
      email: big,
      password: big,
      newPassword: big,
      confirmPassword: big,
      token: big,
      userId: big,
      payload: big,
      sessionToken: big,
    },
    {
      email: unicode,
      password: unicode,
      newPassword: unicode,
      confirmPassword: `${unicode}!`,
      token: unicode,
      userId: unicode,
      payload: unicode,
    },
  ]

  it('answers every malformed body with a 4xx problem, never a 5xx', async () => {
    for (const route of routes) {
      for (const body of bodies) {
        const response = await post(route.replace('USER', user.userId), body)
        expect(
          response.statusCode,
          `${route} ${JSON.stringify(body)?.slice(0, 80)}: ${response.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400)
        expect(response.statusCode).toBeLessThan(500)
        expect(response.headers['content-type']).toContain('application/problem+json')
      }
    }
    for (const route of routes) {
      const response = await post(route.replace('USER', user.userId), undefined, { 'x-session-token': big })
      expect(response.statusCode, route).toBeLessThan(500)
    }
  })

  it('names the field with the message of docs/product.md', async () => {
    const errors = async (url: string, payload: unknown) => (await post(url, payload)).json().errors
    expect((await errors('forgot-password', { email: 'not-an-email' })).email).toBe(messages.invalidEmail)
    expect((await errors('forgot-password', {})).email).toBe(messages.invalidEmail)
    expect((await errors('login-user', { email: unicode, password: 'x' })).email).toBe(messages.invalidEmail)
    const change = `change-pass/${user.userId}`
    expect((await errors(change, { newPassword: 'long-enough-1' })).confirmPassword).toBe(messages.confirmNewPassword)
    expect((await errors(change, { newPassword: 'long-enough-1', confirmPassword: '' })).confirmPassword).toBe(
      messages.confirmNewPassword,
    )
    expect(
      (await errors(change, { newPassword: 'long-enough-1', confirmPassword: 'long-enough-2' })).confirmPassword,
    ).toBe(messages.passwordsDontMatch)
    expect((await errors('reset-password-by-token', { password: 'long-enough-1' })).token).toBe(
      messages.passwordResetFailed,
    )
  })

  it('asks for the current password when users change their own', async () => {
    const change = `change-pass/${user.userId}`
    const body = { newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' }
    expect((await post(change, body)).json().errors.currentPassword).toBe(passwordMessages.currentRequired)
    const wrong = await post(change, { ...body, currentPassword: 'not-my-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors.currentPassword).toBe(passwordMessages.currentWrong)
    // Nothing changed: the old password still logs in.
    expect((await t.login(user.email, user.password)).token).toEqual(expect.any(String))
  })

  it('changes the own password with the success message, and accepts unicode passwords', async () => {
    const response = await post(`change-pass/${user.userId}`, {
      currentPassword: user.password,
      newPassword: `${unicode}-pass`,
      confirmPassword: `${unicode}-pass`,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: messages.passwordChanged })
    await t.caughtUp()
    expect((await t.login(user.email, `${unicode}-pass`)).token).toEqual(expect.any(String))
  })

  it("refuses to change someone else's password without being their manager or an administrator", async () => {
    const other = await t.userWith('Other Otto', ['call'])
    const body = { newPassword: 'long-enough-1', confirmPassword: 'long-enough-1' }
    expect((await post(`change-pass/${other.userId}`, body)).statusCode).toBe(403)
    expect((await post(`change-team-user-password/${other.userId}`, body)).statusCode).toBe(403)
  })
})
