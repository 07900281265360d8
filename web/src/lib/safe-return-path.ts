/** Where to go after login: only a path of this app, never another site (`//evil.example`) or the login page. */
export function safeReturnPath(fromPathname: string | undefined): string {
  if (!fromPathname || !fromPathname.startsWith('/') || fromPathname.startsWith('//')) return '/'
  if (fromPathname.startsWith('/login')) return '/'
  return fromPathname
}
