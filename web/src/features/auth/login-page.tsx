import { getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { AlertCircle, Loader2 } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { messages } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { BrandMark } from '../../components/ui/brand-mark'
import { loginSchemas, loginUser } from './auth-api'
import { afterFirstScreen } from '../../lib/after-first-screen'
import { safeReturnPath } from '../../lib/safe-return-path'
import { saveLogin } from '../../lib/session-store'

const route = getRouteApi('/login')

export function LoginPage() {
  const { fromPathname } = route.useSearch()
  const router = useRouter()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  // Fetched ahead of the submit, once the form is shown (submitting waits for them if they are not there yet).
  useEffect(() => afterFirstScreen(() => void loginSchemas()), [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const { loginRequestSchema } = await loginSchemas()
    const parsed = loginRequestSchema.safeParse({ email: email.trim(), password })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setPending(true)
    try {
      saveLogin(await loginUser(parsed.data))
      await router.navigate({ href: safeReturnPath(fromPathname), replace: true })
    } catch (error) {
      if (isApiError(error, 400)) setErrors(normalizeFieldErrors(error.fieldErrors))
      if (isApiError(error, 401)) setFormError(error.problem.detail ?? messages.invalidCredentials)
      else if (!isApiError(error)) setFormError(messages.somethingWentWrong)
    } finally {
      setPending(false)
    }
  }

  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest)

  return (
    <main className="grid min-h-full place-items-center bg-background px-4 py-12">
      <div className="w-full max-w-[360px]">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark className="size-10 rounded-xl" />
          <div>
            <h1 className="text-lg font-semibold tracking-tight">Sign in to Trucking Sales CRM</h1>
            <p className="mt-1 text-muted-foreground">Use your work email and password.</p>
          </div>
        </div>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-xl border bg-surface p-6 shadow-xs">
          {formError && (
            <div role="alert" className="flex items-start gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger">
              <AlertCircle className="mt-0.5 size-3.5 shrink-0" />
              <span>{formError}</span>
            </div>
          )}
          <FormField id="email" label="Email" error={errors.email}>
            <Input
              id="email"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => {
                setEmail(e.target.value)
                clear('email')
              }}
              {...invalidProps('email', errors.email)}
            />
          </FormField>
          <FormField
            id="password"
            label="Password"
            error={errors.password}
            hint={
              <Link to="/forgot-password" className="text-link hover:underline">
                Forgot password?
              </Link>
            }
          >
            <Input
              id="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value)
                clear('password')
              }}
              {...invalidProps('password', errors.password)}
            />
          </FormField>
          <Button type="submit" variant="primary" className="mt-1 h-9" disabled={pending}>
            {pending && <Loader2 className="animate-spin" />}
            Sign in
          </Button>
        </form>
      </div>
    </main>
  )
}
