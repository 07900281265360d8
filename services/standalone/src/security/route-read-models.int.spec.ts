/**
 * Read-your-writes over the route table (docs/architecture.md, "Read side: projections"): a route's config names
 * the read models X-Min-Position waits for. A name no projection checkpoints under is never reached, so every read
 * after a write would wait out the whole timeout and answer stale. Routes are taken from the app as it is built;
 * the names are contracts' readModelNames, and the projector runs exactly those.
 */
import { allReadModelNames } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { allProjections } from '@crm/projector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from '../identity/identity-stack'

const run = new Set(allProjections.map((p) => p.name))

describe('the read models every route waits on', () => {
  it('are the projections the projector runs, and each projection is named in contracts', () => {
    expect([...run].filter((name) => !allReadModelNames.includes(name))).toEqual([])
    expect(allReadModelNames.filter((name) => !run.has(name))).toEqual([])
    expect(new Set(allReadModelNames).size).toBe(allReadModelNames.length)
  })

  describe.each(databaseTargets())('on $name', (target) => {
    let stack: IdentityStack
    beforeAll(async () => {
      stack = await createIdentityStack(target)
    }, 120_000)
    afterAll(async () => {
      await stack?.close()
    })

    it('names only read models the projector runs', () => {
      const waiting = stack.routes.filter((route) => route.projections.length > 0)
      // The walk sees the query routes (a route table without them would prove nothing).
      expect(waiting.length).toBeGreaterThan(80)
      const unknown = waiting.flatMap((route) =>
        route.projections.filter((name) => !run.has(name)).map((name) => `${route.method} ${route.url}: ${name}`),
      )
      expect(unknown).toEqual([])
    })
  })
})
