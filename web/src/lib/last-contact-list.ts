import { contactListTitles, isContactListName, rememberableListPath } from '@crm/contracts'

const KEY = 'crm.lastContactList'

/** docs/product.md section 2: the list a user came from, so the contact page can lead back to it. */
export function rememberContactList(pathname: string, search: string): void {
  if (!rememberableListPath(pathname)) return
  try {
    localStorage.setItem(KEY, `${pathname}${search}`)
  } catch {
    // Storage may be full or off (private mode): remembering is a convenience.
  }
}

export type LastContactList = { href: string; title: string }

/** The last contact list with its filters, sort and page, or All Contacts when none was opened yet. */
export function lastContactList(): LastContactList {
  const fallback = { href: '/contacts', title: contactListTitles.contacts }
  let stored: string | null = null
  try {
    stored = localStorage.getItem(KEY)
  } catch {
    return fallback
  }
  // Only a path of this app (never another origin) is followed.
  if (!stored || !stored.startsWith('/') || stored.startsWith('//')) return fallback
  const pathname = stored.split('?')[0]!
  const name = pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  if (!rememberableListPath(pathname)) return fallback
  return { href: stored, title: isContactListName(name) ? contactListTitles[name] : fallback.title }
}
