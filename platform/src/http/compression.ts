import compress from '@fastify/compress'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { constants } from 'node:zlib'

/**
 * Each answer is compressed as it goes out, hence the plugin's recommended 4 rather than 11: several times
 * cheaper for about a sixth more bytes. The web app's scripts come compressed at 11 from its build.
 */
const BROTLI_QUALITY = 4

/** Below this, an answer goes out as it is: the encoding would save next to nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

/**
 * A stored file sent for download (an attachment, a business card): mostly compressed formats already, and
 * its Content-Length lets the browser show the download's progress. Generated text exports (CSV) still shrink.
 */
function isBinaryDownload(reply: FastifyReply): boolean {
  const disposition = String(reply.getHeader('content-disposition') ?? '')
  const type = String(reply.getHeader('content-type') ?? '')
  return disposition.startsWith('attachment') && !type.startsWith('text/')
}

/**
 * Brotli or gzip, as the client accepts, for JSON answers and any file not compressed already. The change
 * feed (GET /changes) takes over its socket and is never compressed, so its events arrive at once.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', (request, reply, payload, done) => {
    // The plugin's own per-request opt-out; this instance-level hook runs before its per-route one.
    if (isBinaryDownload(reply)) request.headers['x-no-compression'] = 'download'
    done(null, payload)
  })
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // Request bodies are read as sent, as before: no client of these APIs compresses them.
    globalDecompression: false,
  })
}
