import nodemailer from 'nodemailer'
import type { Kysely } from 'kysely'
import { insertOutboxMail } from './outbox'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/** The mail port (docs/architecture.md "Jobs, files, mail, phone"). */
export interface Mailer {
  /** 'smtp' delivers; 'outbox' keeps mail in the local mail_outbox table for the admin screen. */
  readonly kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
  close(): Promise<void>
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (smtps:// for TLS). Absent: the local outbox. */
  smtpUrl?: string
  from: string
  /** Where the outbox lives (created with migrateMailOutbox). */
  db: Kysely<unknown>
}

export function createMailer({ smtpUrl, from, db }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      kind: 'outbox',
      send: (mail) => insertOutboxMail(db, { ...mail, from }),
      async close() {},
    }
  }
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    },
    async close() {
      transport.close()
    },
  }
}
