/**
 * The API contract (docs/decisions/015-api-contract.md): within /api/v1 paths and fields are only ever added. The
 * document the app serves is compared with the committed snapshot (contracts/openapi-snapshot.json): an operation,
 * an answer field or a parameter that is gone, or a request field that became required, fails here, naming it.
 * Additions pass; `npm run api:snapshot` records them (docs/api.md, "The contract").
 */
import { readFile } from 'node:fs/promises'
import { breakingChanges, type OpenApiDocument } from '@crm/platform'
import { beforeAll, describe, expect, it } from 'vitest'
import { SNAPSHOT_PATH, servedDocument } from './served-document'

describe('the served OpenAPI document against the committed snapshot', () => {
  let served: OpenApiDocument
  let snapshot: OpenApiDocument

  beforeAll(async () => {
    served = await servedDocument()
    snapshot = JSON.parse(await readFile(SNAPSHOT_PATH, 'utf8')) as OpenApiDocument
  }, 120_000)

  it('breaks no client of the snapshot: every operation, answer field and optional request field is still there', () => {
    expect(
      breakingChanges(snapshot, served),
      'restore these, or for a new version of the API say so (npm run api:snapshot -- --allow-breaking)',
    ).toEqual([])
  })

  it('keeps the paths of earlier releases, marked deprecated: task completion and a contact’s history', () => {
    const operation = (path: string, method: string) =>
      (served.paths?.[path]?.[method] ?? {}) as { deprecated?: boolean; operationId?: string }
    expect(operation('/api/v1/task/{id}/complete', 'post')).toMatchObject({ deprecated: true })
    expect(operation('/api/v1/contacts/{id}/history', 'get')).toMatchObject({ deprecated: true })
    expect(operation('/api/v1/task/complete/{id}', 'post').deprecated).toBeUndefined()
    expect(operation('/api/v1/contacts/history/{id}', 'get').deprecated).toBeUndefined()
  })
})
