import net from 'node:net'

/**
 * The bench's HTTP/1.1 client: keep-alive connections over plain sockets, at most `connections` of them, each
 * carrying one request at a time. Written for the bench instead of using node:http because the loader shares
 * the machine's two cores with the services it measures: node:http's client (agent, parser, streams) took about
 * a quarter of a core at 2,000 requests/s, all of it taken from the system under test. This one sends each
 * request as one write and reads the answer by Content-Length (or chunks), which is all Fastify answers with.
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
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>
  body: string
}

type Pending = { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void }

export function httpClient(baseUrl: string, connections: number, token?: string): HttpClient {
  const base = new URL(baseUrl)
  const port = Number(base.port || 80)
  const fixedHeaders = `Host: ${base.host}\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}`
  const idle: Connection[] = []
  const all = new Set<Connection>()
  const waiting: ((connection: Connection) => void)[] = []

  const release = (connection: Connection) => {
    if (!connection.usable) return
    const next = waiting.shift()
    if (next) next(connection)
    else idle.push(connection)
  }
  const acquire = (): Promise<Connection> => {
    for (let ready = idle.pop(); ready; ready = idle.pop()) if (ready.usable) return Promise.resolve(ready)
    if (all.size < connections) {
      const connection = new Connection(base.hostname, port, () => all.delete(connection))
      all.add(connection)
      return Promise.resolve(connection)
    }
    return new Promise((resolve) => waiting.push(resolve))
  }

  return {
    async request(method, path, options = {}) {
      const payload = options.body === undefined ? '' : JSON.stringify(options.body)
      let head = `${method} ${path} HTTP/1.1\r\n${fixedHeaders}`
      if (payload) head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`
      for (const [name, value] of Object.entries(options.headers ?? {})) head += `${name}: ${value}\r\n`
      const connection = await acquire()
      try {
        return await connection.send(`${head}\r\n${payload}`)
      } finally {
        release(connection)
      }
    },
    close() {
      for (const connection of all) connection.destroy()
      all.clear()
      idle.length = 0
    },
  }
}

class Connection {
  private readonly socket: net.Socket
  private buffered: Buffer = Buffer.alloc(0)
  private pending: Pending | undefined
  usable = true

  constructor(host: string, port: number, onGone: () => void) {
    this.socket = net.connect({ host, port, noDelay: true })
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk])
      this.tryAnswer()
    })
    const gone = (error?: Error) => {
      this.usable = false
      onGone()
      this.pending?.reject(error ?? new Error('connection closed'))
      this.pending = undefined
    }
    this.socket.on('error', gone)
    this.socket.on('close', () => gone())
  }

  send(request: string): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
      this.socket.write(request)
    })
  }

  destroy(): void {
    this.socket.destroy()
  }

  private tryAnswer(): void {
    if (!this.pending) return
    const parsed = parseAnswer(this.buffered)
    if (!parsed) return
    this.buffered = this.buffered.subarray(parsed.length)
    const { resolve } = this.pending
    this.pending = undefined
    if (parsed.answer.headers.connection === 'close') {
      this.usable = false
      this.socket.end()
    }
    resolve(parsed.answer)
  }
}

/** A whole answer at the start of `data`, and how many bytes it took; undefined while incomplete. */
export function parseAnswer(data: Buffer): { answer: HttpAnswer; length: number } | undefined {
  const headEnd = data.indexOf('\r\n\r\n')
  if (headEnd < 0) return undefined
  const [statusLine, ...lines] = data.toString('latin1', 0, headEnd).split('\r\n')
  const status = Number(statusLine!.split(' ')[1])
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  const bodyStart = headEnd + 4
  if (headers['transfer-encoding']?.includes('chunked')) {
    const chunks = readChunks(data, bodyStart)
    if (!chunks) return undefined
    return { answer: { status, headers, body: chunks.body }, length: chunks.end }
  }
  const length = Number(headers['content-length'] ?? 0)
  if (data.length < bodyStart + length) return undefined
  return {
    answer: { status, headers, body: data.toString('utf8', bodyStart, bodyStart + length) },
    length: bodyStart + length,
  }
}

function readChunks(data: Buffer, from: number): { body: string; end: number } | undefined {
  const parts: Buffer[] = []
  let at = from
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) return undefined
    const size = parseInt(data.toString('latin1', at, lineEnd), 16)
    const chunkStart = lineEnd + 2
    // The last chunk (size 0) is followed by an empty trailer line.
    if (size === 0) {
      if (data.length < chunkStart + 2) return undefined
      return { body: Buffer.concat(parts).toString('utf8'), end: chunkStart + 2 }
    }
    if (data.length < chunkStart + size + 2) return undefined
    parts.push(data.subarray(chunkStart, chunkStart + size))
    at = chunkStart + size + 2
  }
}
