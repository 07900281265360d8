import type { Mailer } from '@crm/platform'
import { signResetToken, type ResetClaims } from './reset-token'

/** The reset mail: a link to the web app's reset page, valid once, until it expires. */
export async function sendResetMail(
  mailer: Mailer,
  config: { jwtSecret: string; publicUrl: string },
  user: { email: string; name: string },
  claims: ResetClaims,
): Promise<void> {
  const token = signResetToken(config.jwtSecret, claims)
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
  const minutes = Math.round((claims.expiresAt.getTime() - Date.now()) / 60_000)
  await mailer.send({
    to: user.email,
    subject: 'Reset your Trucking Sales CRM password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your Trucking Sales CRM account.',
      `Open this link within ${minutes} minutes to choose a new password (it works once):`,
      '',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  })
}
