import { fileNames, fileViewerPath, isInlineType } from '@crm/contracts'
import type { MouseEvent } from 'react'
import { API_BASE } from '../../lib/api'
import { accessTicket } from '../../lib/access-ticket'

export type DownloadLink = {
  href: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
  /** The viewer's tab needs its opener: it starts with a copy of the opener's session (the sign-in). */
  rel?: 'opener'
}

/**
 * A link to a stored file (GET /activity/download-file). A link cannot send the token, and a token in a URL ends up
 * in logs: a click fetches a single-use ticket and downloads with it (the answer is an attachment, so the page
 * stays). The href is the file's address without credentials, for the status bar.
 */
export function downloadLink(key: string, contactId: string): DownloadLink {
  const href = `${API_BASE}/activity/download-file?${new URLSearchParams({ key, contactId })}`
  return {
    href,
    onClick: (event) => {
      event.preventDefault()
      void accessTicket('/activity/download-file').then((ticket) => {
        const link = Object.assign(document.createElement('a'), { href: `${href}&${new URLSearchParams({ ticket })}` })
        document.body.append(link)
        link.click()
        link.remove()
      })
    },
  }
}

/**
 * A stored attachment's link: an image or a PDF opens in the file viewer (docs/product.md 2), anything else
 * downloads.
 */
export function attachmentLink(attachment: { key: string; type: string }, contactId: string): DownloadLink {
  if (isInlineType(attachment.type) && contactId) {
    return { href: fileViewerPath(fileNames.attachment(contactId, attachment.key)), rel: 'opener' }
  }
  return downloadLink(attachment.key, contactId)
}
