import { messages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from './identity-stack'
import { startSmtpInbox } from './smtp-inbox'

/** Quoted-printable soft line breaks and =3D would hide the link from a plain search. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
const resetTokenIn = (raw: string) => /reset-password\?token=([^\s]+)/.exec(decodeQp(raw))?.[1]

describe.each(databaseTargets())('forgot and reset password on $name', (target) => {
  let t: IdentityStack
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    t = await createIdentityStack(target, { SMTP_URL: inbox.url, PUBLIC_URL: 'http://crm.test' })
  }, 120_000)
  let closed = false
  const closeStack = async () => {
    if (closed) return
    closed = true
    await t.close()
  }
  afterAll(async () => {
    await closeStack()
    await inbox.close()
  })

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload })
  const login = (email: string, password: string) => post('login-user', { email, password })

  it('mails a single-use link that sets a new password', async () => {
    const user = await t.userWith('Forgetful Fran', ['call'])
    const forgot = await post('forgot-password', { email: user.email.toUpperCase() })
    expect(forgot.statusCode).toBe(200)
    expect(forgot.json()).toEqual({ message: messages.forgotPasswordSent })

    const mail = await inbox.waitFor(user.email)
    expect(decodeQp(mail.raw)).toContain('http://crm.test/reset-password?token=')
    const token = decodeURIComponent(resetTokenIn(mail.raw)!)
    expect(token).toBeTruthy()

    const reset = await post('reset-password-by-token', { token, password: 'a brand new secret' })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json()).toEqual({ message: messages.passwordReset })
    await t.caughtUp()

    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200)
    expect((await login(user.email, user.password)).statusCode).toBe(401)
    // The session that was open before the reset has ended.
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(before.statusCode).toBe(401)

    const again = await post('reset-password-by-token', { token, password: 'yet another secret' })
    expect(again.statusCode).toBe(422)
    expect(again.json().title).toBe(messages.passwordResetFailed)
    await t.caughtUp()
    expect((await login(user.email, 'yet another secret')).statusCode).toBe(401)
  })

  it('answers the same for unknown addresses and sends nothing', async () => {
    const response = await post('forgot-password', { email: 'nobody-here@example.com' })
    expect(response.json()).toEqual({ message: messages.forgotPasswordSent })
    await new Promise((r) => setTimeout(r, 300))
    expect(inbox.received.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false)
  })

  it('refuses forged, altered and expired links alike', async () => {
    const user = await t.userWith('Careful Carl', ['call'])
    await post('forgot-password', { email: user.email })
    const token = decodeURIComponent(resetTokenIn((await inbox.waitFor(user.email)).raw)!)
    const [tokenId, userId, exp, mac] = token.split('.') as [string, string, string, string]
    for (const bad of [
      `${tokenId}.${userId}.${Number(exp) + 3600}.${mac}`,
      // One character of the signature changed (to another one, whatever it was).
      `${tokenId}.${userId}.${exp}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`,
      `${tokenId}.${userId}.100.${mac}`,
      'not-a-token',
    ]) {
      const response = await post('reset-password-by-token', { token: bad, password: 'whatever-long' })
      expect(response.statusCode).toBe(422)
      expect(response.json().title).toBe(messages.passwordResetFailed)
    }
  })
  it('changes a password without a session only with the right email and current password', async () => {
    const user = await t.userWith('Roadside Rita', ['call'])
    const change = (body: object) =>
      post('change-password', {
        newPassword: 'changed at a truck stop',
        confirmPassword: 'changed at a truck stop',
        ...body,
      })

    for (const body of [
      { email: user.email, currentPassword: 'not her password' },
      { email: 'nobody-here@example.com', currentPassword: user.password },
    ]) {
      const refused = await change(body)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual({ currentPassword: messages.invalidCredentials })
    }
    const mismatch = await change({ email: user.email, currentPassword: user.password, confirmPassword: 'other' })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().errors.confirmPassword).toBe(messages.passwordsDontMatch)
    await t.caughtUp()
    expect((await login(user.email, user.password)).statusCode).toBe(200)

    const changed = await change({ email: user.email.toUpperCase(), currentPassword: user.password })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toEqual({ message: messages.passwordChanged })
    await t.caughtUp()
    expect((await login(user.email, 'changed at a truck stop')).statusCode).toBe(200)
    expect((await login(user.email, user.password)).statusCode).toBe(401)
  })

  // Keep this test last (a file's tests run in order): it closes the app, which the tests above use. The app's
  // pooled SMTP sessions end when it closes, not at the server's 30 s timeout or never.
  it('sends the reset mails under way, then ends its SMTP sessions, when it closes', async () => {
    const user = await t.userWith('Closing Cleo', ['call'])
    await post('forgot-password', { email: user.email })
    await inbox.waitFor(user.email)
    expect(inbox.openSessions()).toBeGreaterThan(0)
    // Answered at once, mailed after the answer: the app closes while this one is under way.
    const late = await t.userWith('Late Larry', ['call'])
    await post('forgot-password', { email: late.email })
    await closeStack()
    expect(inbox.received.some((m) => m.to.includes(late.email))).toBe(true)
    await expect.poll(() => inbox.openSessions(), { timeout: 5_000 }).toBe(0)
  })
})
