import { httpClient } from './http-client'
import { closedLoop, type LoadResult } from './http-load'
import type { RunningServices } from './services'

/** A realistic create form: the required fields plus the usual optional ones, about 400 bytes of JSON. */
export function contactBody(i: number) {
  return {
    name: `Bench Trucking ${i}`,
    dba: `Bench ${i}`,
    ownerName: 'Pat Owner',
    email: `carrier${i}@example.com`,
    // A number of its own, as carriers have (one shared by thousands is a related-entities pathology of its own).
    businessPhone: `(${201 + (i % 780)}) ${200 + ((i * 7) % 800)}-${String(i % 10_000).padStart(4, '0')}`,
    address: { street1: `${i} Main St`, city: 'Dallas', state: 'TX', zip: '75201', country: 'US' },
    mcNumber: `MC${i}`,
    dotNumber: String(1_000_000 + i),
    organizationTypeId: 3,
    numberOfTrucks: i % 120,
  }
}

/**
 * POST /api/v1/contacts over real HTTP to the command API process, `connections` keep-alive connections in
 * closed loops. A short warm-up first (JIT, pool connections, session cache) that is not counted.
 */
export async function httpCreateContacts(
  services: RunningServices,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const client = httpClient(services.commandUrl, connections, services.token)
  try {
    const send = (w: number, i: number) =>
      client.request('POST', '/api/v1/contacts', { body: contactBody(w * 1_000_000 + i) })
    await closedLoop(connections, Math.min(3, seconds / 4), send)
    return await closedLoop(connections, seconds, (w, i) => send(w + 100, i))
  } finally {
    client.close()
  }
}
