import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table'
import { useCallback } from 'react'
import { contactListMessages, type ContactSearchRow } from '@crm/contracts'
import { notify } from '../../lib/notify'

/**
 * docs/product.md section 5: rows are selectable only if unassigned or on the user's team (all on To Reassign);
 * picking another shows 'Unable to select' and leaves it unselected.
 */
export function useSelectionRule(
  rows: ContactSearchRow[] | undefined,
  selectAny: boolean,
  setSelection: OnChangeFn<RowSelectionState>,
): OnChangeFn<RowSelectionState> {
  return useCallback<OnChangeFn<RowSelectionState>>(
    (updater) =>
      setSelection((previous) => {
        const next = typeof updater === 'function' ? updater(previous) : updater
        if (selectAny) return next
        const blocked = new Set((rows ?? []).filter((r) => !r.assignedToMyTeam).map((r) => r.id))
        const refused = Object.keys(next).filter((id) => !previous[id] && blocked.has(id))
        if (refused.length === 0) return next
        notify.error(contactListMessages.unableToSelect)
        return Object.fromEntries(Object.entries(next).filter(([id]) => !refused.includes(id)))
      }),
    [rows, selectAny, setSelection],
  )
}
