import { useRouter } from '@tanstack/react-router'
import { useState, type MouseEvent } from 'react'
import { lastContactList } from '../lib/last-contact-list'

/**
 * A link back to the contact list the user came from (docs/product.md section 2), with its filters and page:
 * followed inside the app on a plain click, opened as any link otherwise (new tab, middle click).
 */
export function LastListLink({ className }: { className?: string }) {
  const router = useRouter()
  const [list] = useState(lastContactList)
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    router.history.push(list.href)
  }
  return (
    <a href={list.href} onClick={follow} className={className}>
      {list.title}
    </a>
  )
}
