import type { DatabaseTarget } from '@crm/platform/testing'
import { createLogger } from '@crm/platform'
import { createIdentityStack } from '../identity/identity-stack'
import { testEnv } from '../testing/test-env'

/** A stack with every read model and a logger whose lines the test can read (nothing sensitive may be in them). */
export async function createCreditStack(target: DatabaseTarget) {
  const logLines: string[] = []
  const logger = createLogger('test', 'trace', { write: (line: string) => logLines.push(line) })
  const t = await createIdentityStack(target, {}, { everyReadModel: true, logger })
  const admin = await t.admin()

  const send = (token: string | null, method: string, url: string, payload?: object, headers: object = {}) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
      ...(payload && { payload }),
    })

  /** Files an application through a source's intake endpoint with its key. */
  const intake = async (source: 'website' | 'cps' | 'cef', body: object) => {
    const key = { website: testEnv.WEBSITE_INTAKE_KEY, cps: testEnv.CPS_INTAKE_KEY, cef: testEnv.CEF_INTAKE_KEY }[
      source
    ]
    const response = await send(null, 'POST', `/${source}-credit-applications`, body, { 'x-api-key': key })
    if (response.statusCode !== 201) throw new Error(`intake ${source}: ${response.statusCode} ${response.body}`)
    await t.caughtUp()
    return response.json().id as string
  }

  return { ...t, admin, logLines, send, intake }
}
