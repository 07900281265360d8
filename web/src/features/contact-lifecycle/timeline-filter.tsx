import { activityTypeNames, type ActivityTypeId } from '@crm/contracts'
import { Checkbox } from '../../components/ui/checkbox'
import { Label } from '../../components/ui/label'

/** The timeline's filter card: one checkbox per activity type the viewer may see. */
export function TimelineFilter({
  types,
  selected,
  onChange,
}: {
  types: readonly number[]
  selected: readonly number[]
  onChange: (next: number[]) => void
}) {
  const toggle = (type: number, on: boolean) => onChange(on ? [...selected, type] : selected.filter((t) => t !== type))
  return (
    <fieldset aria-label="Activity types" className="flex flex-wrap gap-x-4 gap-y-2 rounded-md border bg-subtle p-2">
      {types.map((type) => (
        <div key={type} className="flex items-center gap-1.5">
          <Checkbox
            id={`timeline-type-${type}`}
            checked={selected.includes(type)}
            onCheckedChange={(checked) => toggle(type, checked === true)}
          />
          <Label htmlFor={`timeline-type-${type}`} className="text-xs font-normal">
            {activityTypeNames[type as ActivityTypeId]}
          </Label>
        </div>
      ))}
    </fieldset>
  )
}
