/**
 * Writes the OpenAPI document the standalone process serves (GET /api/v1/docs/json) to a file, for the checks
 * that read it from outside: `npx @redocly/cli lint` and the generated client (.ci/run). The app is composed on a
 * throw-away PGlite directory; nothing listens.
 *
 *   tsx services/standalone/src/openapi/write-document.ts <file>
 */
import { writeFile } from 'node:fs/promises'
import { servedDocument } from './served-document'

const target = process.argv[2]
if (!target) throw new Error('usage: write-document.ts <file>')
await writeFile(target, `${JSON.stringify(await servedDocument(), null, 2)}\n`)
