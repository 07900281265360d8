import { describe, expect, it } from 'vitest'
import { sniffContentType } from '../files/sniff'
import { brokenTextAt } from './text-guard'

describe('broken text at the edge', () => {
  it('names the first field holding a NUL byte or half a surrogate pair, keys included', () => {
    expect(brokenTextAt({ name: 'Acme', address: { city: 'a\u0000b' } }, '')).toBe('address.city')
    expect(brokenTextAt({ notes: ['ok', 'x\ud800'] }, '')).toBe('notes.1')
    expect(brokenTextAt({ 'bad\udc00key': 1 }, '')).toBe('body')
    expect(brokenTextAt('a\u0000', 'mc')).toBe('mc')
  })

  it('looks into the JSON a query parameter carries, where the NUL is an escape until it is parsed', () => {
    const options = (filter: object) => ({ options: JSON.stringify({ filter }) })
    expect(brokenTextAt(options({ name: 'a\u0000b' }), '', 0, true)).toBe('options.filter.name')
    expect(brokenTextAt(options({ dotNumber: 'a\ud800' }), '', 0, true)).toBe('options.filter.dotNumber')
    expect(brokenTextAt(options({ name: 'Acme' }), '', 0, true)).toBeUndefined()
    expect(brokenTextAt({ options: '{"filter": not json' }, '', 0, true)).toBeUndefined()
    // Bodies are parsed already: a string in one that reads as JSON is only text.
    expect(brokenTextAt(options({ name: 'a\u0000b' }), '')).toBeUndefined()
  })

  it('lets every well-formed string through, emoji and accents included', () => {
    expect(brokenTextAt({ name: 'Trucking 🚚 Ñandú', list: ['é', 1, null, true] }, '')).toBeUndefined()
  })
})

describe('content types from the bytes', () => {
  it('knows images and PDF by their magic numbers, and nothing else', () => {
    expect(sniffContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffContentType(Buffer.from('GIF89a...'))).toBe('image/gif')
    expect(sniffContentType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp')
    expect(sniffContentType(Buffer.from('%PDF-1.7'))).toBe('application/pdf')
    expect(sniffContentType(Buffer.from('<html><script>'))).toBe('application/octet-stream')
    expect(sniffContentType(Buffer.alloc(0))).toBe('application/octet-stream')
  })
})
