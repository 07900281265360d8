import { useRouterState } from '@tanstack/react-router'
import { Menu, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useEffect, useState } from 'react'
import { Button } from '../../components/ui/button'
import { NavLinks } from './side-nav'

/**
 * Below 1024 px the side navigation is a drawer behind the top bar's menu button: the screen keeps its width for
 * the work, and one tap brings the navigation back. It closes when the user navigates, by Escape, or outside.
 */
export function NavDrawer() {
  const [open, setOpen] = useState(false)
  const path = useRouterState({ select: (s) => s.location.pathname + s.location.searchStr })
  useEffect(() => setOpen(false), [path])

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Menu" className="size-11 lg:hidden">
          <Menu />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-foreground/30 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-subtle shadow-window outline-none lg:hidden"
        >
          <div className="flex h-12 shrink-0 items-center justify-between border-b px-3">
            <Dialog.Title className="text-sm font-semibold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu" className="size-11">
                <X />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="flex flex-col gap-0.5 px-2 py-3">
            <NavLinks />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
