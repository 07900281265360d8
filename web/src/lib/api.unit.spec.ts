import { MIN_POSITION_HEADER, POSITION_HEADER, STALE_HEADER } from '@crm/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, apiFetch, configureApi } from './api'
import { isApiError } from './api-error'
import { fetchFile } from './fetch-file'
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

describe('apiFetch: the one fetch of the web app', () => {
  const calls: { url: string; init: RequestInit }[] = []
  const answer = (response: () => Response) =>
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return response()
    })
  beforeEach(() => {
    calls.length = 0
    positions.reset()
    configureApi({ getToken: () => 'token-1', onUnauthorized: () => {} })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    configureApi({ getToken: () => null, onUnauthorized: () => {} })
  })

  it('sends the token on every request, X-Min-Position on reads, JSON bodies as JSON and forms as they are', async () => {
    positions.remember('00000000000000000042')
    answer(() => new Response('{}'))
    await apiFetch('/contacts/business-card?documentKey=k')
    await apiFetch('/click-to-call/log-recording', { method: 'POST', body: { callLogId: 'c1' } })
    const form = new FormData()
    form.append('file', new Blob(['a,b']), 'leads.csv')
    await apiFetch('/contacts/upload-new-leads', { method: 'POST', body: form })
    const headers = calls.map((c) => c.init.headers as Record<string, string>)
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/contacts/business-card?documentKey=k',
      '/api/v1/click-to-call/log-recording',
      '/api/v1/contacts/upload-new-leads',
    ])
    expect(headers.map((h) => h.Authorization)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-1'])
    expect(headers.map((h) => h[MIN_POSITION_HEADER])).toEqual(['00000000000000000042', undefined, undefined])
    expect(headers.map((h) => h['Content-Type'])).toEqual([undefined, 'application/json', undefined])
    expect(calls[1]!.init.body).toBe('{"callLogId":"c1"}')
    expect(calls[2]!.init.body).toBe(form)
  })

  it('throws a failure as an ApiError carrying the problem body, a lost connection as status 0', async () => {
    const problem = { type: 'about:blank', title: 'Bad Request', status: 400, errors: { file: 'CSV only' } }
    answer(() => new Response(JSON.stringify(problem), { status: 400 }))
    const refused = await apiFetch('/contacts/upload-new-leads', { method: 'POST' }).catch((e: unknown) => e)
    expect(isApiError(refused, 400) && refused.fieldErrors).toEqual({ file: 'CSV only' })

    answer(() => new Response('<html>Too large</html>', { status: 413, statusText: 'Payload Too Large' }))
    const cut = await apiFetch('/x', { method: 'POST', fallbackTitle: 'CSV files only' }).catch((e: unknown) => e)
    expect(isApiError(cut, 413) && cut.problem.title).toBe('CSV files only')

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    const lost = await apiFetch('/x').catch((e: unknown) => e)
    expect(isApiError(lost, 0)).toBe(true)
  })

  it('a file (an export, a business card, a recording) that fails is a problem too, not a bare Error', async () => {
    const problem = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such file' }
    answer(() => new Response(JSON.stringify(problem), { status: 404 }))
    const missing = await fetchFile('/contacts/business-card?documentKey=k').catch((e: unknown) => e)
    expect(isApiError(missing, 404) && missing.problem.detail).toBe('No such file')
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer token-1')
  })
})
