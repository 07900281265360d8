import { worksAcrossDivisions } from '@crm/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Building2, ChevronsUpDown } from 'lucide-react'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { setDivisionId, useDivisionId, useSession } from '../../lib/session-store'
import { divisionsForSelectQueryOptions, type DivisionOption } from '../../lib/divisions-api'
import { useAllowed } from '../../lib/permissions'

/** The current division (session storage, docs/product.md section 4). Lists and pages reload in the chosen one. */
export function DivisionSwitcher() {
  const divisionId = useDivisionId()
  const { data: all } = useQuery(divisionsForSelectQueryOptions())
  const queryClient = useQueryClient()
  const router = useRouter()
  const acrossDivisions = useAllowed(worksAcrossDivisions)
  const home = useSession()?.user.divisionId
  if (divisionId === null) return null

  // Everyone else works in their home division only (the server refuses other divisions to them).
  const divisions = acrossDivisions ? all : all?.filter((d) => d.id === home || d.id === divisionId)
  const current = all?.find((d) => d.id === divisionId)
  const options: DivisionOption[] = divisions?.length ? divisions : [{ id: divisionId, name: '' }]

  const choose = (value: string) => {
    const id = Number(value)
    if (id === divisionId) return
    setDivisionId(id)
    void queryClient.invalidateQueries()
    void router.invalidate()
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-8 gap-2 px-2 text-foreground">
          {/* Named by its words (WCAG 2.5.3: the name holds what is shown); "Division" stays in the name on a phone. */}
          <Building2 className="text-muted-foreground max-sm:hidden" />
          <span className="sr-only text-muted-foreground sm:not-sr-only">Division</span>{' '}
          {/* A long division name must leave the bell and the user menu on a phone's top bar. */}
          <span className="max-w-24 truncate font-semibold sm:max-w-40">{current?.name ?? ''}</span>
          <ChevronsUpDown className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Switch division</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <div className="max-h-80 overflow-y-auto">
          <DropdownMenuRadioGroup value={String(divisionId)} onValueChange={choose}>
            {options.map((d) => (
              <DropdownMenuRadioItem key={d.id} value={String(d.id)}>
                <span className="truncate">{d.name || 'Current division'}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </div>
        {!acrossDivisions && (
          <p className="px-2 pt-1 pb-1.5 text-xs text-muted-foreground">Only executives work in other divisions.</p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
