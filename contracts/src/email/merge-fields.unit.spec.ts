import { describe, expect, it } from 'vitest'
import { fillMergeFields, htmlToText } from './merge-fields'

describe('merge fields', () => {
  it('fills contact and sender fields, escaping them in HTML and keeping the signature’s lines', () => {
    const values = { 'contact.name': 'A & B <Freight>', 'sender.signature': 'Sam\nFleet Finance' }
    expect(fillMergeFields('<p>{{contact.name}}</p>{{ sender.signature }}', values, { html: true })).toBe(
      '<p>A &amp; B &lt;Freight&gt;</p>Sam<br>Fleet Finance',
    )
    expect(fillMergeFields('Hi {{contact.name}}', values, { html: false })).toBe('Hi A & B <Freight>')
  })

  it('drops unknown and empty fields instead of sending braces', () => {
    expect(fillMergeFields('Hi {{contact.nmae}}{{contact.dba}}!', {}, { html: false })).toBe('Hi !')
  })

  it('turns HTML into the text part', () => {
    expect(htmlToText('<p>Hello&nbsp;there</p><p>See <a href="https://x.example/r">rates</a></p>')).toBe(
      'Hello there\nSee rates (https://x.example/r)',
    )
  })
})
