import { createDatabase, createJobQueue, type Database } from '@crm/platform'
import type { dkimVerify as DkimVerify } from 'mailauth'
import { generateKeyPairSync } from 'node:crypto'
import { createRequire } from 'node:module'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpInbox } from '../identity/smtp-inbox'
import { startEmailStack, type EmailStack } from './email-stack'

// The verifier alone: the package's entry also loads its BIMI part, whose HTTP client needs a newer Node.
const { dkimVerify } = createRequire(import.meta.url)('mailauth/lib/dkim/verify.js') as {
  dkimVerify: typeof DkimVerify
}

/**
 * DKIM (RFC 6376): with a selector and key configured, the mail that arrives carries a signature that a
 * verifier accepts with the public key published under the selector, and that fails once the body is touched.
 */
describe('DKIM signing of sent mail', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`
  // The DNS the verifier asks: only the selector's key record exists.
  const resolver = async (name: string, type: string) => {
    if (type === 'TXT' && name === 'crm2026._domainkey.fleet-sales.example') return [[record]]
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' })
  }
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
  let dir: string
  let database: Database
  let s: EmailStack

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    dir = await mkdtemp(path.join(tmpdir(), 'crm-email-dkim-'))
    database = await createDatabase({ dataDir: path.join(dir, 'db') })
    s = await startEmailStack({
      database,
      jobs: createJobQueue({}),
      smtpUrl: inbox.url,
      dataDir: dir,
      // One line, as a compose file holds it.
      env: { DKIM_SELECTOR: 'crm2026', DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n') },
    })
  }, 300_000)
  afterAll(async () => {
    await s?.close()
    await database?.close()
    await inbox?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('signs with the From domain and the selector, and the signature verifies', async () => {
    const rep = await s.actor('Dee Kim', ['call'])
    const contact = await rep.post('/contacts', {
      name: 'Signed Freight',
      organizationTypeId: 7,
      email: 'ops@signed.example',
    })
    const sent = await rep.post('/emails/send-email', {
      contactId: contact.json().id,
      subject: 'Signed for {{contact.name}}',
      body: '<p>Rates inside.</p>',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const { raw } = await inbox.waitFor('ops@signed.example', 60_000)
    expect(raw).toMatch(/^DKIM-Signature:[^]*?\bd=fleet-sales\.example;/m)

    const verified = await dkimVerify(Buffer.from(raw), { resolver })
    expect(verified.results).toHaveLength(1)
    expect(verified.results[0]!.signingDomain).toBe('fleet-sales.example')
    expect(verified.results[0]!.selector).toBe('crm2026')
    expect(verified.results[0]!.status.result).toBe('pass')

    const tampered = raw.replace('Rates inside.', 'Rates outside.')
    const broken = await dkimVerify(Buffer.from(tampered), { resolver })
    // A body changed on the way no longer matches its hash: not a pass (mailauth says neutral, RFC 6376 6.1.3).
    expect(broken.results[0]!.status.result).not.toBe('pass')
  })
})
