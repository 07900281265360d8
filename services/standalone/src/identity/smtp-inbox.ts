import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/** A real SMTP server on loopback (random port) that keeps what it receives, for mail tests. */
export async function startSmtpInbox() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail to this address, waiting for it to arrive. */
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.find((m) => m.to.includes(to))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    /** SMTP sessions still open: a sender that closed properly has ended each of its own. */
    openSessions: () => server.connections.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
