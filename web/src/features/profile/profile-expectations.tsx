import { expectationPeriods } from '@crm/contracts'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'

const number = new Intl.NumberFormat('en-US')
const labels = { day: 'Per day', week: 'Per week', month: 'Per month', year: 'Per year' } as const

/** The targets set for the user by their manager or an administrator (docs/product.md section 3), read-only here. */
export function ProfileExpectations({ expectations }: { expectations: Record<string, unknown> }) {
  const anySet = expectationPeriods.some((p) => typeof expectations[p] === 'number')
  return (
    <Card>
      <CardHeader>
        <CardTitle>Expectations</CardTitle>
      </CardHeader>
      <CardContent>
        {anySet ? (
          <dl className="grid grid-cols-2 gap-2">
            {expectationPeriods.map((p) => (
              <div key={p} className="rounded-md bg-muted/60 px-2 py-1.5">
                <dt className="text-[11px] text-muted-foreground">{labels[p]}</dt>
                <dd className="text-sm font-semibold tabular">
                  {typeof expectations[p] === 'number' ? number.format(expectations[p]) : '—'}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-[13px] text-muted-foreground">No targets set yet.</p>
        )}
        <p className="mt-2 text-xs text-muted-foreground">Set by your manager or an administrator.</p>
      </CardContent>
    </Card>
  )
}
