import { emailMessages } from '@crm/contracts'
import { badRequest } from '@crm/platform'
import sanitizeHtml from 'sanitize-html'

/** Absolute web addresses only: an image of a mail is fetched by the recipient's mail program, not by us. */
const webAddress = /^https?:\/\//i
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*(,\s*[\d.]+%?\s*){2,3}\)$/i, /^[a-z]{3,20}$/i]

/**
 * What the body of an email may hold (docs/decisions/037): the editor's markup (paragraphs, emphasis, lists,
 * links), headings and quotes, and the tables and images of a pasted signature or letterhead. Links are http,
 * https or mailto (or a merge field's `{{token}}`, filled when the mail is composed); images absolute http or
 * https. Scripts, event handlers, `javascript:` addresses, frames, forms and style sheets go, with everything
 * else not named here. Inline style only for colour, alignment and weight.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: colour,
      'text-align': [/^(left|right|center|justify)$/i],
      'font-weight': [/^(normal|bold|[1-9]00)$/i],
    },
  },
  // Removed with their content (the default list also has textarea, option and noscript).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'title'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  // An image without an absolute web address (a relative `src=x`, a data: URL) shows nothing: it goes.
  exclusiveFilter: (frame) => frame.tag === 'img' && !webAddress.test(frame.attribs.src ?? ''),
}

/**
 * The HTML of an email body as it may be stored and sent: the allowlist above, merge-field tokens
 * (`{{contact.name}}`) untouched in text and in links.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, options).trim()
}

/**
 * A body as a command takes it: sanitized, and refused as an empty one (the route's own 400 for a missing
 * body) when nothing is left, e.g. a body that was only a script.
 */
export function cleanEmailBody(html: string): string {
  const clean = sanitizeEmailHtml(html)
  if (!clean) throw badRequest(emailMessages.bodyRequired, { body: emailMessages.bodyRequired })
  return clean
}
