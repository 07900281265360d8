import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table'
import { useCallback, useSyncExternalStore } from 'react'

const EMPTY: RowSelectionState = {}
const selections = new Map<string, RowSelectionState>()
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Selected row ids of one list, kept outside the screen so they survive paging, filtering and the loading
 * state in between: bulk actions work on rows picked from several pages.
 */
export function useRowSelection(key: string): [RowSelectionState, OnChangeFn<RowSelectionState>] {
  const selection = useSyncExternalStore(subscribe, () => selections.get(key) ?? EMPTY)
  const setSelection = useCallback<OnChangeFn<RowSelectionState>>(
    (updater) => {
      const previous = selections.get(key) ?? EMPTY
      selections.set(key, typeof updater === 'function' ? updater(previous) : updater)
      for (const listener of listeners) listener()
    },
    [key],
  )
  return [selection, setSelection]
}
