/**
 * Refreshes the committed snapshot of the API contract (contracts/openapi-snapshot.json) from the document the app
 * serves, after additions to /api/v1 (docs/decisions/015-api-contract.md; `npm run api:snapshot`). The contract test
 * (api-contract.int.spec.ts) compares the served document with this snapshot and fails on anything a client of it
 * would break on; additions pass it, and a refresh records them so that they too stay.
 *
 * A refresh that would itself record a break (an operation, an answer field gone, a request field now required) is
 * refused, naming each, unless `--allow-breaking` says that this is deliberate (a new major version of the API).
 *
 *   npm run api:snapshot [-- --allow-breaking]
 */
import { readFile, writeFile } from 'node:fs/promises'
import { breakingChanges, type OpenApiDocument } from '@crm/platform'
import { format, resolveConfig } from 'prettier'
import { SNAPSHOT_PATH, servedDocument } from './served-document'

const allowBreaking = process.argv.includes('--allow-breaking')
const served = await servedDocument()
const earlier = await readFile(SNAPSHOT_PATH, 'utf8').then(
  (text) => JSON.parse(text) as OpenApiDocument,
  () => undefined,
)
const breaks = earlier ? breakingChanges(earlier, served) : []
if (breaks.length > 0 && !allowBreaking) {
  console.error(`Not refreshed: clients of the snapshot would break on these changes:\n- ${breaks.join('\n- ')}`)
  console.error('Restore them, or run with --allow-breaking for a new version of the API.')
  process.exit(1)
}
// Formatted as `prettier --check .` (npm run lint) wants it.
const text = await format(JSON.stringify(served), { ...(await resolveConfig(SNAPSHOT_PATH)), parser: 'json' })
await writeFile(SNAPSHOT_PATH, text)
console.log(`Wrote ${SNAPSHOT_PATH}${breaks.length > 0 ? ` (${breaks.length} breaking changes allowed)` : ''}`)
