import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalFileStorage, type FileStorage } from './file-storage'

describe('local file storage', () => {
  let directory: string
  let storage: FileStorage
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'crm-files-'))
    storage = createLocalFileStorage(directory)
  })
  afterEach(() => rm(directory, { recursive: true, force: true }))

  it('stores, reads back and removes a file under a generated key', async () => {
    const { key, size } = await storage.put({
      name: 'Receipt.PDF',
      contentType: 'application/pdf',
      body: Buffer.from('%PDF-1.4'),
    })
    expect(key).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(size).toBe(8)
    const file = await storage.get(key)
    expect(await text(file!.stream)).toBe('%PDF-1.4')
    await storage.remove(key)
    expect(await storage.get(key)).toBeUndefined()
  })

  it('refuses keys that could reach outside its directory', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('Invalid file key')
  })
})
