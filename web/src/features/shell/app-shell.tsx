import { Outlet } from '@tanstack/react-router'
import { TooltipProvider } from '../../components/ui/tooltip'
import { useChangeFeed } from '../live'
import { IncomingCallWatcher } from '../calls'
import { createContactModal } from '../contacts'
import { maskPhone } from '../../lib/phone-mask'
import { useSession } from '../../lib/session-store'
import { ModalHost } from '../../components/modal/modal-host'
import { useHasActiveModal } from '../../components/modal/modal-store'
import { ActingAsBanner } from './acting-as-banner'
import { RouteProgress } from './route-progress'
import { SideNav } from './side-nav'
import { TopBar } from './top-bar'

const openCreateContact = (phone: string) => createContactModal.open({ businessPhone: maskPhone(phone) })

/** The protected `/` shell: header, navigation, the current screen, and the modal windows over it. */
export function AppShell() {
  const session = useSession()
  const hasActiveModal = useHasActiveModal()
  useChangeFeed(session?.token ?? null)

  return (
    // Tooltips appear only inside the shell: their library stays out of what /login downloads.
    <TooltipProvider delayDuration={300}>
      <RouteProgress />
      {/* Windows are portaled outside; while one is up, the page behind takes no clicks or focus. */}
      <div inert={hasActiveModal} className="flex h-full flex-col">
        <ActingAsBanner />
        <TopBar />
        <div className="flex min-h-0 flex-1">
          <SideNav />
          <main className="min-w-0 flex-1 overflow-auto">
            <Outlet />
          </main>
        </div>
      </div>
      <ModalHost />
      <IncomingCallWatcher onCreateContact={openCreateContact} />
    </TooltipProvider>
  )
}
