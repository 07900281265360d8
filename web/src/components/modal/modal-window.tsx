import { Dialog } from 'radix-ui'
import { Minus, X } from 'lucide-react'
import { Suspense, useEffect, useRef } from 'react'
import { Skeleton } from '../ui/skeleton'
import { Button } from '../ui/button'
import { cn } from '../../lib/cn'
import { cssWidth, getModalDefinition, modalTitle } from './modal-registry'
import { modalStore, type ModalEntry } from './modal-store'
import { useDrag } from './use-drag'

/**
 * A draggable window. It stays mounted while minimized (only hidden), so a half-filled form survives
 * minimize and restore. Radix runs it non-modal because a minimized window must not trap focus;
 * the page behind is made inert by the shell instead.
 */
export function ModalWindow({ entry, stackIndex }: { entry: ModalEntry; stackIndex: number }) {
  const definition = getModalDefinition(entry.id)
  const { offset, handlers } = useDrag()
  const bodyRef = useRef<HTMLDivElement>(null)
  const wasMinimized = useRef(entry.minimized)

  // Restoring from the tab bar puts the keyboard back into the window.
  useEffect(() => {
    if (wasMinimized.current && !entry.minimized) bodyRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus()
    wasMinimized.current = entry.minimized
  }, [entry.minimized])

  if (!definition) return null
  const Component = definition.component
  const title = modalTitle(definition, entry.props)
  const close = () => modalStore.close(entry.key)

  return (
    <Dialog.Root open modal={false} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          hidden={entry.minimized}
          onInteractOutside={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => entry.minimized && e.preventDefault()}
          onOpenAutoFocus={(e) => {
            e.preventDefault()
            bodyRef.current
              ?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [role=combobox], button')
              ?.focus()
          }}
          style={{
            width: `min(${cssWidth(definition.width)}, calc(100vw - 32px))`,
            transform: `translate(calc(-50% + ${offset.x}px), ${offset.y}px)`,
            zIndex: 50 + stackIndex,
          }}
          className={cn(
            'fixed top-[7vh] left-1/2 flex max-h-[86vh] flex-col overflow-hidden rounded-xl bg-surface shadow-window outline-none',
            // A phone gets the whole screen (and no dragging): a window narrower than the screen wastes it.
            'max-sm:inset-0 max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-none max-sm:!w-full max-sm:rounded-none max-sm:![transform:none]',
          )}
        >
          <header
            {...handlers}
            className="flex h-11 shrink-0 cursor-grab touch-none items-center gap-2 border-b pr-2 pl-4 select-none active:cursor-grabbing"
          >
            <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-semibold">{title}</Dialog.Title>
            <Button variant="ghost" size="icon" aria-label="Minimize" onClick={() => modalStore.minimize(entry.key)}>
              <Minus />
            </Button>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X />
              </Button>
            </Dialog.Close>
          </header>
          <div ref={bodyRef} className="flex min-h-0 flex-1 flex-col">
            <Suspense fallback={<WindowBodyLoading />}>
              <Component props={entry.props as never} close={close} />
            </Suspense>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A window whose form is still downloading (forms load on first open: lazyModalBody). */
function WindowBodyLoading() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-3 p-4">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  )
}
