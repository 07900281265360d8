import { describe, expect, it } from 'vitest'
import { addAttachments } from './attachments'

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name)

describe('task attachments before upload', () => {
  it('accepts up to 5 files in all', () => {
    const four = ['a', 'b', 'c', 'd'].map((n) => file(n))
    expect(addAttachments(four, [file('e')])).toEqual({ files: [...four, expect.any(File)], error: null })
    const refused = addAttachments(four, [file('e'), file('f')])
    expect(refused.error).toBe('You can only upload up to 5 files.')
    expect(refused.files).toHaveLength(4)
  })

  it('counts files already stored on the task', () => {
    expect(addAttachments([], [file('a'), file('b')], 4).error).toBe('You can only upload up to 5 files.')
  })

  it('refuses a file over 5,000,000 bytes and keeps the rest of the choice', () => {
    expect(addAttachments([], [file('ok', 5_000_000)]).error).toBeNull()
    const refused = addAttachments([file('a')], [file('scan.pdf', 5_000_001)])
    expect(refused.error).toBe('scan.pdf: A file can be at most 5 MB (5,000,000 bytes).')
    expect(refused.files.map((f) => f.name)).toEqual(['a'])
  })
})
