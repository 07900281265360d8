import { MIN_POSITION_HEADER, POSITION_HEADER, STALE_HEADER } from '@crm/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from './api'
import { positions } from './positions'

/** Records each request's headers; answers 200 with `position` in the header when given. */
function stubFetch(position?: string) {
  const sent: Record<string, string>[] = []
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(init.headers as Record<string, string>)
    return new Response('{}', { status: 200, headers: position ? { [POSITION_HEADER]: position } : {} })
  })
  return sent
}

describe('api client: read-your-writes', () => {
  beforeEach(() => positions.reset())
  afterEach(() => vi.unstubAllGlobals())

  it('sends the last command position on GETs and on reads sent as POST, not on commands', async () => {
    positions.remember('00000000000000000042')
    const sent = stubFetch()
    await api.get('/task/assigned-tasks')
    await api.post('/task/tasks-summary', { today: '2025-06-10' }, { read: true })
    await api.post('/task', { title: 'Call back' })
    expect(sent.map((h) => h[MIN_POSITION_HEADER])).toEqual(['00000000000000000042', '00000000000000000042', undefined])
  })

  it('remembers the position a command answers with, not one a read answers with', async () => {
    stubFetch('00000000000000000050')
    await api.post('/task/tasks-summary', {}, { read: true })
    expect(positions.current()).toBeNull()
    await api.post('/task', {})
    expect(positions.current()).toBe('00000000000000000050')
  })

  it('asks again while a read is answered stale, at most three more times, then takes what there is', async () => {
    positions.remember('00000000000000000042')
    let calls = 0
    const staleFor = (times: number) =>
      vi.stubGlobal('fetch', async () => {
        calls++
        const headers: Record<string, string> = calls <= times ? { [STALE_HEADER]: 'true' } : {}
        return new Response(JSON.stringify({ calls }), { status: 200, headers })
      })
    staleFor(2)
    expect(await api.get('/contacts/1')).toEqual({ calls: 3 })
    calls = 0
    staleFor(10)
    expect(await api.get('/contacts/1')).toEqual({ calls: 4 })
    // A command is never sent twice, stale or not.
    calls = 0
    staleFor(10)
    await api.post('/task', {})
    expect(calls).toBe(1)
  })
})
