import { prospectStages } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'

/** An opportunity's stage: won green, lost red, open stages in the accent colour. */
export function StageBadge({ stage }: { stage: number }) {
  return (
    <Badge variant={stage === 6 ? 'success' : stage === 7 ? 'danger' : 'accent'} className="whitespace-nowrap">
      {prospectStages[stage as keyof typeof prospectStages] ?? 'Stage'}
    </Badge>
  )
}
