import { rememberableListPath } from '@crm/contracts'

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

export function lastContactList(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}
