import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** Scrolling content area of a modal window. */
export function ModalBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-5 py-4', className)} {...props} />
}

/** Action bar pinned under the content. */
export function ModalFooter({ className, ...props }: ComponentProps<'footer'>) {
  return (
    <footer
      className={cn('flex shrink-0 items-center justify-end gap-2 border-t bg-subtle px-5 py-3', className)}
      {...props}
    />
  )
}
