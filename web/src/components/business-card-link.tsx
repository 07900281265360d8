import { useQuery } from '@tanstack/react-query'
import { FileText } from 'lucide-react'
import { useEffect, useState } from 'react'
import { fetchBusinessCard } from '../lib/contact-api'

type Card = { documentKey: string; fileName: string; contentType: string }

/**
 * The file is behind the bearer token, which a plain link cannot carry: fetch it once (5 MB at most) and link
 * to a blob URL, so the thumbnail opens it in a new tab and the name downloads it.
 */
function useCardUrl(contactId: string, card: Card): string | undefined {
  const { data } = useQuery({
    queryKey: ['contacts', 'business-card', contactId, card.documentKey],
    queryFn: ({ signal }) => fetchBusinessCard(contactId, card.documentKey, signal),
    staleTime: Infinity,
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

export function BusinessCardLink({ contactId, card }: { contactId: string; card: Card }) {
  const url = useCardUrl(contactId, card)
  const image = card.contentType.startsWith('image/')
  return (
    <span className="flex min-w-0 items-center gap-2">
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        aria-label={`Open ${card.fileName}`}
        className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded border bg-muted"
      >
        {image && url ? <img src={url} alt="" className="size-full object-cover" /> : <FileText className="size-4" />}
      </a>
      <a href={url} download={card.fileName} className="truncate hover:underline">
        {card.fileName}
      </a>
    </span>
  )
}
