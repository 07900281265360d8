import { permissionKeys, type PermissionKey } from '@crm/contracts'
import { Checkbox } from '../../components/ui/checkbox'

/** What each permission allows, in the words of docs/product.md section 6. */
export const permissionLabels: Record<PermissionKey, string> = {
  executive: 'Executive (export, combine, all divisions)',
  'delete-contact': 'Delete contacts',
  'upload-new-leads': 'Upload new leads',
  'change-contact-status': 'Change contact status',
  manager: 'Manager (team, salesperson filter)',
  'view-all-division-accounts': 'View all division accounts',
  'assign-any': 'Assign to anyone',
  'direct-mail': 'Direct mail activities',
  'none-next-step': '"None" as next step',
  'contract-lost-division': 'Choose contract-lost division',
  'login-as': 'Sign in as another user',
  call: 'Click to call',
  admin: 'Administrator',
  'reveal-credit-data': 'See SSN, date of birth and bank details',
  analyst: 'Export and follow events (analyst)',
  'credit-analyst': 'Work credit applications (credit analyst)',
}

export function PermissionCheckboxes({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  return (
    <fieldset className="grid grid-cols-2 gap-x-4 gap-y-2">
      <legend className="mb-2 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
        Permissions
      </legend>
      {permissionKeys.map((key) => (
        <label key={key} className="flex items-center gap-2 text-[13px]">
          <Checkbox
            checked={value.includes(key)}
            onCheckedChange={(checked) => onChange(checked === true ? [...value, key] : value.filter((k) => k !== key))}
          />
          {permissionLabels[key]}
        </label>
      ))}
    </fieldset>
  )
}
