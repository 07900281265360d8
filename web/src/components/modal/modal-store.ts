import { useSyncExternalStore } from 'react'

/** One open modal window. `key` tells apart two windows; `id` is the registry entry (docs/product.md section 2). */
export type ModalEntry = { key: string; id: string; props: unknown; minimized: boolean }

let entries: readonly ModalEntry[] = []
const listeners = new Set<() => void>()
let counter = 0

function set(next: readonly ModalEntry[]): void {
  entries = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Later entries are drawn on top; restoring or reopening a modal brings it to the front. */
export const modalStore = {
  open(id: string, props: unknown): string {
    // One window per modal id: opening it again shows the existing one with the new props.
    const existing = entries.find((e) => e.id === id)
    const key = existing?.key ?? `${id}:${++counter}`
    set([...entries.filter((e) => e.key !== key), { key, id, props, minimized: false }])
    return key
  },
  close(key: string): void {
    set(entries.filter((e) => e.key !== key))
  },
  closeById(id: string): void {
    set(entries.filter((e) => e.id !== id))
  },
  closeAll(): void {
    set([])
  },
  minimize(key: string): void {
    set(entries.map((e) => (e.key === key ? { ...e, minimized: true } : e)))
  },
  restore(key: string): void {
    const entry = entries.find((e) => e.key === key)
    if (entry) set([...entries.filter((e) => e.key !== key), { ...entry, minimized: false }])
  },
  entries: (): readonly ModalEntry[] => entries,
}

export function useModalEntries(): readonly ModalEntry[] {
  return useSyncExternalStore(subscribe, () => entries)
}

/** True while a window (not minimized) covers the page: the page behind becomes inert. */
export function useHasActiveModal(): boolean {
  return useSyncExternalStore(subscribe, () => entries.some((e) => !e.minimized))
}
