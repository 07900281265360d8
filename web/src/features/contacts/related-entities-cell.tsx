import type { ContactSearchRow } from '@crm/contracts'
import { cn } from '../../lib/cn'
import { relatedEntitiesModal } from '../contact-lifecycle'

/** Past this the Possible Duplicates window shows only the first 50. */
const SHOWN = 50

/** Related Entities (docs/product.md section 2): how many possible duplicates the row has; opens them in related_entities. */
export function RelatedEntitiesCell({ row }: { row: Pick<ContactSearchRow, 'id' | 'name' | 'relatedEntities'> }) {
  const count = row.relatedEntities
  return (
    <button
      type="button"
      aria-label={`Related entities of ${row.name}: ${count}`}
      onClick={() => relatedEntitiesModal.open({ contactId: row.id, name: row.name })}
      className={cn(
        'min-w-7 rounded px-1.5 py-0.5 text-right tabular hover:bg-muted hover:underline',
        count > 0 ? 'font-medium text-link' : 'text-muted-foreground',
      )}
    >
      {count > SHOWN ? `${SHOWN}+` : count}
    </button>
  )
}
