import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import path from 'node:path'

const BLOCK = 512

const text = (block: Buffer, at: number, length: number) => {
  const raw = block.subarray(at, at + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

/**
 * Unpacks a tar stream (PGlite's dumpDataDir: ustar, files and folders only) into `dir`, chunk by chunk, so a
 * large database never sits whole in memory. Files 0600, folders 0700 (decision 047). Paths that would leave
 * `dir` are refused.
 */
export function untar(into: string) {
  const dir = path.resolve(into)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  let pending: Buffer = Buffer.alloc(0)
  let file: { fd: number; left: number; padding: number } | undefined
  let skip = 0
  let ended = false

  const target = (name: string) => {
    const resolved = path.resolve(dir, `.${path.posix.sep}${name}`)
    if (resolved !== dir && !resolved.startsWith(dir + path.sep)) throw new Error(`the database copy names ${name}`)
    return resolved
  }

  const consume = () => {
    for (;;) {
      if (file) {
        const take = Math.min(file.left, pending.length)
        if (take > 0) writeSync(file.fd, pending, 0, take)
        pending = pending.subarray(take)
        file.left -= take
        if (file.left > 0) return
        closeSync(file.fd)
        skip = file.padding
        file = undefined
      }
      if (skip > 0) {
        const take = Math.min(skip, pending.length)
        pending = pending.subarray(take)
        skip -= take
        if (skip > 0) return
      }
      if (ended || pending.length < BLOCK) return
      const header = pending.subarray(0, BLOCK)
      pending = pending.subarray(BLOCK)
      if (header.every((byte) => byte === 0)) {
        ended = true
        return
      }
      const prefix = text(header, 345, 155)
      const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100)
      const size = parseInt(text(header, 124, 12).trim() || '0', 8)
      const type = String.fromCharCode(header[156]!)
      const padding = (BLOCK - (size % BLOCK)) % BLOCK
      if (type === '5') {
        mkdirSync(target(name), { recursive: true, mode: 0o700 })
        skip = size + padding
      } else if (type === '0' || type === '\0') {
        const where = target(name)
        mkdirSync(path.dirname(where), { recursive: true, mode: 0o700 })
        file = { fd: openSync(where, 'w', 0o600), left: size, padding }
      } else {
        skip = size + padding
      }
    }
  }

  return {
    async write(chunk: Buffer) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
      consume()
    },
    async end() {
      consume()
      if (file) {
        closeSync(file.fd)
        throw new Error('the database copy ends inside a file')
      }
    },
  }
}
