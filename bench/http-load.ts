import http from 'node:http'

/**
 * A small closed-loop HTTP loader: `connections` workers, each with its own keep-alive socket (an Agent with
 * exactly that many sockets), each sending its next request when the previous answer has arrived. Written here
 * rather than taken from a package because the project has no load tool, and Node's fetch cannot pin its
 * connection count without the undici package.
 */
export interface HttpClient {
  request(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpAnswer>
  close(): void
}

export interface HttpAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export function httpClient(baseUrl: string, connections: number, token?: string): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
  const base = new URL(baseUrl)
  return {
    request(method, path, options = {}) {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: base.hostname,
            port: base.port,
            method,
            path,
            headers: {
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...options.headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
            )
            res.on('error', reject)
          },
        )
        req.on('error', reject)
        req.end(payload)
      })
    },
    close: () => agent.destroy(),
  }
}

export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  perSecond: number
  latenciesMs: number[]
}

/** Runs `send` in `workers` closed loops for `seconds`; a non-2xx answer or a thrown error counts as an error. */
export async function closedLoop(
  workers: number,
  seconds: number,
  send: (worker: number, i: number) => Promise<HttpAnswer>,
): Promise<LoadResult> {
  const latenciesMs: number[] = []
  let errors = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now()
        try {
          const answer = await send(w, i)
          if (answer.status >= 300) errors++
          else latenciesMs.push(performance.now() - t)
        } catch {
          errors++
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  return {
    requests: latenciesMs.length,
    errors,
    seconds: elapsed,
    perSecond: latenciesMs.length / elapsed,
    latenciesMs,
  }
}
