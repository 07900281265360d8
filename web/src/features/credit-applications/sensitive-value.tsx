import { useState } from 'react'
import type { CreditApplicationSource, SensitiveFieldKey } from '@crm/contracts'
import { Eye } from 'lucide-react'
import { Empty } from '../../components/ui/empty-value'
import { Button } from '../../components/ui/button'
import { useCan } from '../../lib/permissions'
import { revealSensitive } from './credit-applications-api'

/** A masked value (last four); with the credit permission, Show reveals it once (the reveal is recorded). */
export function SensitiveValue(props: {
  source: CreditApplicationSource
  applicationId: string
  field: SensitiveFieldKey
  masked: string | null
}) {
  const mayReveal = useCan('reveal-credit-data')
  const [shown, setShown] = useState<string | null>(null)
  if (!props.masked) return <Empty />
  return (
    <span className="inline-flex items-center gap-2">
      <span className="tabular">{shown ?? props.masked}</span>
      {mayReveal && shown === null && (
        <Button
          size="sm"
          variant="ghost"
          aria-label="Show the full value"
          onClick={() =>
            void revealSensitive(props.source, props.applicationId, props.field).then((a) => setShown(a.value ?? ''))
          }
        >
          <Eye /> Show
        </Button>
      )}
    </span>
  )
}
