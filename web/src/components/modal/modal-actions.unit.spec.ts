import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FormActions, SubmitButton } from './modal-actions'

describe("a window's actions", () => {
  it('a form window has Cancel and a button that submits the form, spinning and disabled while it is sent', () => {
    const idle = renderToStaticMarkup(
      createElement(FormActions, { close: () => {}, pending: false, label: 'Add dealer' }),
    )
    expect(idle).toMatch(/<button type="button"[^>]*>Cancel<\/button><button type="submit"[^>]*>Add dealer<\/button>/)
    const sending = renderToStaticMarkup(
      createElement(FormActions, { close: () => {}, pending: true, label: 'Add dealer' }),
    )
    expect(sending).toMatch(
      /<button type="submit"[^>]*disabled=""[^>]*><svg[^>]*animate-spin[^>]*>.*<\/svg>Add dealer<\/button>/,
    )
  })

  it('a window that is not a form acts on click, and its button does not submit anything', () => {
    const html = renderToStaticMarkup(
      createElement(SubmitButton, { pending: false, onClick: () => {}, label: 'Create task' }),
    )
    expect(html).toMatch(/^<button type="button"[^>]*>Create task<\/button>$/)
  })
})
