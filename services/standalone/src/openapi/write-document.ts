/**
 * Writes the OpenAPI document the standalone process serves (GET /api/v1/docs/json) to a file, for the checks
 * that read it from outside: `npx @redocly/cli lint` and the generated client (.ci/run). The app is composed on a
 * throw-away PGlite directory; nothing listens.
 *
 *   tsx services/standalone/src/openapi/write-document.ts <file>
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { composeStandalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'

const target = process.argv[2]
if (!target) throw new Error('usage: write-document.ts <file>')
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
    await writeFile(target, `${JSON.stringify(standalone.app.swagger(), null, 2)}\n`)
  } finally {
    await standalone.close()
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
