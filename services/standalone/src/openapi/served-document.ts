/**
 * The OpenAPI document the standalone process serves (GET /api/v1/docs/json), built without listening: the app is
 * composed on a throw-away PGlite directory. The checks that read it from outside (write-document.ts for redocly
 * and the generated client; the contract snapshot and its test, docs/decisions/015-api-contract.md) start here.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { OpenApiDocument } from '@crm/platform'
import { composeStandalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'

/** The committed snapshot of the contract: what clients of /api/v1 may rely on (npm run api:snapshot writes it). */
export const SNAPSHOT_PATH = fileURLToPath(new URL('../../../../contracts/openapi-snapshot.json', import.meta.url))

export async function servedDocument(): Promise<OpenApiDocument> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crm-openapi-'))
  try {
    const standalone = await composeStandalone(
      loadStandaloneConfig({
        DATA_DIR: dir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'document-only-secret-0123',
      }),
    )
    try {
      await standalone.app.ready()
      // The same document GET /api/v1/docs/json serves; built directly, so that a refusal says why.
      return standalone.app.swagger() as unknown as OpenApiDocument
    } finally {
      await standalone.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
