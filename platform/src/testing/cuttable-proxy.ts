import net from 'node:net'

/**
 * A TCP proxy between the product and a server (PostgreSQL, Redis) that a test can cut and restore, to see
 * what the product does when the server goes away, without stopping the machine's own server. Cut, it
 * destroys every connection through it and refuses new ones (as a server that is down); restored, it forwards
 * again.
 */
export interface CuttableProxy {
  /** The port it listens on, 127.0.0.1. */
  port: number
  /** Rewrites a URL's host and port to the proxy's (postgres://…, redis://…). */
  urlThrough(url: string): string
  cut(): void
  restore(): void
  /** Connections forwarded right now. */
  readonly open: number
  close(): Promise<void>
}

export async function startCuttableProxy(target: { host?: string; port: number }): Promise<CuttableProxy> {
  const host = target.host ?? '127.0.0.1'
  const sockets = new Set<net.Socket>()
  let cut = false
  const server = net.createServer((client) => {
    if (cut) {
      // Refused as a closed port would be: reset, no bytes.
      client.resetAndDestroy()
      return
    }
    const upstream = net.connect({ host, port: target.port })
    sockets.add(client)
    sockets.add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    urlThrough(url) {
      const parsed = new URL(url)
      parsed.hostname = '127.0.0.1'
      parsed.port = String(port)
      return parsed.toString()
    },
    cut() {
      cut = true
      for (const socket of sockets) socket.resetAndDestroy()
      sockets.clear()
    },
    restore() {
      cut = false
    },
    get open() {
      return sockets.size / 2
    },
    async close() {
      cut = true
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
