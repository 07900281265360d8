import { useState } from 'react'
import { contactListMessages, type ListCount } from '@crm/contracts'
import { Button } from '../ui/button'

/** Asks the server for a list's exact total, for a total that is only the database's estimate. */
export type CountExactly = () => Promise<ListCount>

type Counting = { state: 'idle' } | { state: 'counting' } | { state: 'done'; count: ListCount } | { state: 'failed' }

/**
 * The exact total of a long list, on demand: pages answer an estimate past a few hundred rows
 * (docs/decisions/013-list-totals-and-indexes.md). Remount it (a `key`) when the filters change.
 */
export function useExactCount(countExactly: CountExactly | undefined) {
  const [counting, setCounting] = useState<Counting>({ state: 'idle' })
  const run = async () => {
    if (!countExactly) return
    setCounting({ state: 'counting' })
    try {
      setCounting({ state: 'done', count: await countExactly() })
    } catch {
      setCounting({ state: 'failed' })
    }
  }
  const exactTotal = counting.state === 'done' ? counting.count.total : null
  return { counting, exactTotal, run }
}

export function ExactCountButton(props: { counting: Counting; onCount: () => void }) {
  const { counting } = props
  if (counting.state === 'done' && counting.count.timedOut) {
    return <span role="status">{contactListMessages.countTimedOut}</span>
  }
  if (counting.state === 'done') return null
  return (
    <Button variant="ghost" size="sm" disabled={counting.state === 'counting'} onClick={props.onCount}>
      {counting.state === 'counting' ? 'Counting…' : counting.state === 'failed' ? 'Count again' : 'Count exactly'}
    </Button>
  )
}
