import nodemailer from 'nodemailer'
import type { Kysely } from 'kysely'
import type { DkimOptions } from './dkim'
import { insertOutboxMail } from './outbox'
import { mailMessages } from '../metrics/metrics'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** Shown as the sender's name beside the configured From address. */
  fromName?: string
  replyTo?: string
  /** The Message-ID header, `<id@domain>`; the same message sent again carries the same one. */
  messageId?: string
  headers?: Record<string, string>
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
  /** Given, every mail sent over SMTP is DKIM-signed. */
  dkim?: DkimOptions
}

export function createMailer({ smtpUrl, from, db, dkim }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      kind: 'outbox',
      send: (mail) =>
        counted(insertOutboxMail(db, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, from })),
      async close() {},
    }
  }
  // A pool keeps a few SMTP connections open: a marketing send's thousands of messages do not each pay for a
  // connection and its greeting (bench/email: several times the messages per second).
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4 })
  return {
    kind: 'smtp',
    async send(mail) {
      const sending = transport.sendMail({
        from: mail.fromName ? { name: mail.fromName, address: addressOf(from) } : from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo && { replyTo: mail.replyTo }),
        ...(mail.messageId && { messageId: mail.messageId }),
        ...(mail.headers && { headers: mail.headers }),
        ...(dkim && { dkim }),
      })
      await counted(sending)
    },
    async close() {
      transport.close()
    },
  }
}

/** Counts a send as sent or failed (GET /metrics); a failed attempt that is retried counts each time. */
async function counted(sending: Promise<unknown>): Promise<void> {
  try {
    await sending
    mailMessages.inc({ outcome: 'sent' })
  } catch (error) {
    mailMessages.inc({ outcome: 'failed' })
    throw error
  }
}

/** The bare address of a From value that may read `Name <address>`. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from
}
