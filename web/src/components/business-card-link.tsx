import { useQuery } from '@tanstack/react-query'
import { fileNames, fileViewerPath, isInlineType } from '@crm/contracts'
import { FileText } from 'lucide-react'
import { useEffect, useState } from 'react'
import { fetchBusinessCard } from '../lib/contact-api'

type Card = { documentKey: string; fileName: string; contentType: string }

/**
 * The file is behind the bearer token, which a plain link cannot carry: fetch it once (5 MB at most) and use
 * a blob URL, for an image's thumbnail and for downloading a card the viewer does not show.
 */
function useCardUrl(contactId: string, card: Card, enabled: boolean): string | undefined {
  const { data } = useQuery({
    queryKey: ['contacts', 'business-card', contactId, card.documentKey],
    queryFn: ({ signal }) => fetchBusinessCard(contactId, card.documentKey, signal),
    staleTime: Infinity,
    enabled,
  })
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!data) return
    const next = URL.createObjectURL(data)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [data])
  return url
}

/** A business card: an image or a PDF opens in the file viewer (its own tab); anything else downloads. */
export function BusinessCardLink({ contactId, card }: { contactId: string; card: Card }) {
  const image = card.contentType.startsWith('image/')
  const viewable = isInlineType(card.contentType)
  const url = useCardUrl(contactId, card, image || !viewable)
  // The viewer's tab starts with a copy of this tab's session (the sign-in): it needs its opener.
  const link = viewable
    ? { href: fileViewerPath(fileNames.businessCard(contactId, card.documentKey)), target: '_blank', rel: 'opener' }
    : { href: url, download: card.fileName }
  return (
    <span className="flex min-w-0 items-center gap-2">
      <a
        {...link}
        aria-label={`Open ${card.fileName}`}
        className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded border bg-muted"
      >
        {image && url ? <img src={url} alt="" className="size-full object-cover" /> : <FileText className="size-4" />}
      </a>
      <a {...link} className="truncate hover:underline">
        {card.fileName}
      </a>
    </span>
  )
}
