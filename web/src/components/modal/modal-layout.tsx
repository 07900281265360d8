import { useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react'
import { cn } from '../../lib/cn'

/**
 * Scrolling content area of a modal window. When its content overflows (a wide table on a phone, a long form)
 * it joins the tab order, so keyboard users can scroll it too (WCAG 2.1.1); otherwise it is no extra stop.
 */
export function ModalBody({ className, ...props }: ComponentProps<'div'>) {
  const ref = useRef<HTMLDivElement>(null)
  const overflows = useOverflow(ref)
  return (
    <div
      ref={ref}
      data-modal-body=""
      tabIndex={overflows ? 0 : undefined}
      className={cn(
        'min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  )
}

/**
 * Whether the element's content is larger than its box: measured before the first paint (a window that shows is
 * already focusable when it scrolls), again when the box or a child resizes and when content arrives later (rows
 * after a fetch, an empty-state line), which changes the content without resizing the box.
 */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () =>
      setOverflows(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1)
    const sizes = new ResizeObserver(measure)
    sizes.observe(element)
    for (const child of element.children) sizes.observe(child)
    const content = new MutationObserver((records) => {
      for (const record of records) {
        if (record.target !== element) continue
        for (const node of record.addedNodes) if (node instanceof Element) sizes.observe(node)
        for (const node of record.removedNodes) if (node instanceof Element) sizes.unobserve(node)
      }
      measure()
    })
    content.observe(element, { childList: true, subtree: true, characterData: true })
    measure()
    return () => {
      sizes.disconnect()
      content.disconnect()
    }
  }, [ref])
  return overflows
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
