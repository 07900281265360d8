import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { systemConfigValuesSchema, type SystemConfigValues, DEFAULT_DIVISION_ID } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { formatDateTime } from '../../lib/format-date'
import { useForm } from '../../components/form/use-form'
import { notify } from '../../lib/notify'
import { useDivisionId } from '../../lib/session-store'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { adminCommands, systemConfigQueryOptions } from './admin-api'
import { AdminPageHeader } from './admin-page-header'
import { useSubmit } from '../../lib/use-submit'

type Key = keyof SystemConfigValues
const fields: { key: Key; label: string; hint: string }[] = [
  {
    key: 'taskPastDueTime',
    label: 'Task past due time',
    hint: 'Hour of the day (0–23) after which a task is past due.',
  },
  { key: 'startAFollowUp', label: 'Start a follow-up', hint: 'Days until a "Follow up" next step is due (at 17:00).' },
  { key: 'noAnswerCall', label: 'No answer call', hint: 'Minutes until a "No Answer" next step is due.' },
  {
    key: 'minCallAttempts',
    label: 'Minimum call attempts',
    hint: 'Call attempts needed before giving up on a contact.',
  },
  { key: 'hotDays', label: 'Hot days', hint: 'Days added to due dates for hot contacts.' },
  { key: 'warmDays', label: 'Warm days', hint: 'Days added for warm contacts.' },
  { key: 'coldDays', label: 'Cold days', hint: 'Days added for cold contacts.' },
]

export function SystemConfigPage() {
  const current = useDivisionId() ?? DEFAULT_DIVISION_ID
  const [divisionId, setDivisionId] = useState(current)
  const { data: divisions } = useSuspenseQuery(divisionsForSelectQueryOptions())
  const { data: config } = useQuery(systemConfigQueryOptions(divisionId))
  // The fields stay disabled until the division's settings have come.
  const [loaded, setLoaded] = useState(false)
  const form = useForm(Object.fromEntries(fields.map(({ key }) => [key, ''])) as Record<Key, string>)
  const { values, setValues, setErrors, field } = form
  const { pending, send } = useSubmit(setErrors)
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!config) return
    setValues(Object.fromEntries(fields.map(({ key }) => [key, String(config[key])])) as Record<Key, string>)
    setLoaded(true)
  }, [config, setValues])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!loaded) return
    const parsed = form.validate(
      systemConfigValuesSchema,
      Object.fromEntries(fields.map(({ key }) => [key, values[key] === '' ? undefined : Number(values[key])])),
    )
    if (!parsed) return
    await send(async () => {
      await adminCommands.saveSystemConfig(divisionId, parsed)
      notify.success('Data is saved')
      void queryClient.invalidateQueries({ queryKey: ['system-config', divisionId] })
    })
  }

  return (
    <div className="flex max-w-3xl flex-col gap-4 p-6">
      <AdminPageHeader title="System configuration" description="Timings and thresholds, per division." />
      <Card>
        <CardHeader>
          <CardTitle>Division</CardTitle>
          <Select
            value={String(divisionId)}
            onValueChange={(v) => {
              setDivisionId(Number(v))
              setErrors({})
            }}
          >
            <SelectTrigger className="w-64" aria-label="Division">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(divisions ?? [{ id: divisionId, name: '' }]).map((d) => (
                <SelectItem key={d.id} value={String(d.id)}>
                  #{d.id} {d.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <div className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
              {fields.map(({ key, label, hint }) => {
                const bound = field(key)
                return (
                  <FormField key={key} id={`sc-${key}`} label={label} error={bound.error} hint={hint}>
                    <Input
                      id={`sc-${key}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      className="w-32"
                      value={bound.value}
                      disabled={!loaded}
                      onChange={(e) => bound.onChange(e.target.value)}
                      {...invalidProps(`sc-${key}`, bound.error)}
                    />
                  </FormField>
                )
              })}
            </div>
            <div className="flex items-center justify-between border-t pt-4">
              <p className="text-xs text-muted-foreground">
                {config?.updatedAt ? `Last saved ${formatDateTime(config.updatedAt)}` : 'Using the default settings'}
              </p>
              <Button type="submit" variant="primary" disabled={pending || !loaded}>
                {pending && <Loader2 className="animate-spin" />}
                Save
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}
