import { AppWindow, X } from 'lucide-react'
import { getModalDefinition, modalTitle } from './modal-registry'
import { modalStore, useModalEntries } from './modal-store'
import { ModalWindow } from './modal-window'

/** Renders every open window, one backdrop under the visible ones, and the tab bar of minimized ones. */
export function ModalHost() {
  const entries = useModalEntries()
  const minimized = entries.filter((e) => e.minimized)
  const anyVisible = entries.some((e) => !e.minimized)

  return (
    <>
      {anyVisible && <div aria-hidden className="fixed inset-0 z-40 bg-zinc-950/35 backdrop-blur-[1px]" />}
      {entries.map((entry, index) => (
        <ModalWindow key={entry.key} entry={entry} stackIndex={index} />
      ))}
      {minimized.length > 0 && (
        <nav
          aria-label="Minimized windows"
          className="fixed right-4 bottom-0 z-40 flex max-w-[calc(100vw-2rem)] gap-1.5 overflow-x-auto"
        >
          {minimized.map((entry) => {
            const definition = getModalDefinition(entry.id)
            const title = definition ? modalTitle(definition, entry.props) : entry.id
            return (
              <div
                key={entry.key}
                className="flex h-9 shrink-0 items-center gap-1 rounded-t-lg border border-b-0 bg-surface pr-1 pl-3 shadow-popover"
              >
                <button
                  type="button"
                  className="flex max-w-56 items-center gap-2 truncate text-[13px] font-medium hover:text-link"
                  onClick={() => modalStore.restore(entry.key)}
                  title={`Restore ${title}`}
                >
                  <AppWindow className="size-3.5 shrink-0 text-muted-foreground" />
                  <span className="truncate">{title}</span>
                </button>
                <button
                  type="button"
                  aria-label={`Close ${title}`}
                  className="grid size-6 place-items-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
                  onClick={() => modalStore.close(entry.key)}
                >
                  <X className="size-3.5" />
                </button>
              </div>
            )
          })}
        </nav>
      )}
    </>
  )
}
