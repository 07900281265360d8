import { startFakeRingCentral } from './fake-ringcentral'

/**
 * The fake RingCentral as a process, for developers and the end-to-end run:
 * FAKE_RINGCENTRAL_PORT, RINGCENTRAL_CLIENT_ID and RINGCENTRAL_CLIENT_SECRET as the CRM is configured.
 */
const fake = await startFakeRingCentral({
  port: Number(process.env.FAKE_RINGCENTRAL_PORT ?? 3500),
  clientId: process.env.RINGCENTRAL_CLIENT_ID,
  clientSecret: process.env.RINGCENTRAL_CLIENT_SECRET,
})
console.log(`Fake RingCentral at ${fake.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void fake.close().then(() => process.exit(0)))
