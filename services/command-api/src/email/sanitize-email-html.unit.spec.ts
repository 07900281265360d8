import { emailMessages } from '@crm/contracts'
import { HttpProblem } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { cleanEmailBody, sanitizeEmailHtml } from './sanitize-email-html'

describe('sanitizeEmailHtml', () => {
  it('keeps the markup of the editor and of a signature', () => {
    const html =
      '<h2>Rates</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s><br />next</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote>' +
      '<table><tbody><tr><td colspan="2">Jane Doe</td></tr></tbody></table>' +
      '<img src="https://example.com/logo.png" alt="Logo" />'
    expect(sanitizeEmailHtml(html)).toBe(html)
  })

  it('keeps merge-field tokens in text and in links', () => {
    expect(sanitizeEmailHtml('<p>Hello {{contact.name}}, {{ sender.name }}</p>')).toBe(
      '<p>Hello {{contact.name}}, {{ sender.name }}</p>',
    )
    expect(sanitizeEmailHtml('<a href="mailto:{{contact.email}}">Write</a>')).toBe(
      '<a href="mailto:{{contact.email}}" rel="noopener noreferrer">Write</a>',
    )
    expect(sanitizeEmailHtml('<a href="https://example.com/?dot={{contact.dotNumber}}">Rates</a>')).toBe(
      '<a href="https://example.com/?dot={{contact.dotNumber}}" rel="noopener noreferrer">Rates</a>',
    )
  })

  it('gives links rel="noopener noreferrer" and drops their target', () => {
    expect(sanitizeEmailHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer">x</a>',
    )
  })

  it('removes scripts, event handlers, javascript: links, frames, forms and style sheets', () => {
    const html =
      '<script>alert(1)</script><style>p{color:red}</style><p onclick="alert(1)">Hi</p>' +
      '<a href="javascript:alert(1)">x</a><a href=" jav&#x09;ascript:alert(1)">y</a>' +
      '<iframe src="https://example.com"></iframe><form action="https://example.com"><input name="q" /></form>' +
      '<img src=x onerror=alert(1)><img src="data:image/png;base64,AAAA">'
    expect(sanitizeEmailHtml(html)).toBe(
      '<p>Hi</p><a rel="noopener noreferrer">x</a><a rel="noopener noreferrer">y</a>',
    )
  })

  it('keeps colour, alignment and weight of inline style, nothing else', () => {
    expect(sanitizeEmailHtml('<p style="color:#336699;text-align:center;font-weight:bold;position:fixed">x</p>')).toBe(
      '<p style="color:#336699;text-align:center;font-weight:bold">x</p>',
    )
    expect(sanitizeEmailHtml('<span style="background:url(javascript:alert(1))">x</span>')).toBe('<span>x</span>')
  })

  it('makes a body of only a script empty', () => {
    expect(sanitizeEmailHtml('<script>alert(1)</script>')).toBe('')
  })
})

describe('cleanEmailBody', () => {
  it('answers a body that was only a script as an empty one', () => {
    expect(() => cleanEmailBody('  <script>alert(1)</script> ')).toThrow(HttpProblem)
    try {
      cleanEmailBody('<script>alert(1)</script>')
    } catch (error) {
      expect((error as HttpProblem).toProblem()).toMatchObject({
        status: 400,
        title: emailMessages.bodyRequired,
        errors: { body: emailMessages.bodyRequired },
      })
    }
    expect(cleanEmailBody('<p>Hi</p>')).toBe('<p>Hi</p>')
  })
})
