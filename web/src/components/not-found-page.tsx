import { Link } from '@tanstack/react-router'
import { Compass } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './ui/button'

type NotFoundProps = { title?: string; description?: ReactNode }

/** Unknown routes and records that do not exist (or are not visible to this user). */
export function NotFoundPage({
  title = 'Page not found',
  description = 'The address may be mistyped, or the page has moved.',
}: NotFoundProps) {
  return (
    <div className="grid h-full min-h-80 place-items-center p-8">
      <div className="flex max-w-sm flex-col items-center gap-3 text-center">
        <div className="grid size-11 place-items-center rounded-full bg-muted text-muted-foreground">
          <Compass className="size-5" />
        </div>
        <div>
          <h1 className="text-base font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-muted-foreground">{description}</p>
        </div>
        <Button asChild size="sm">
          <Link to="/contacts">Go to contacts</Link>
        </Button>
      </div>
    </div>
  )
}
