import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Writes a .br and a .gz beside every script, style sheet and page of the build, compressed once at the highest
 * level: the standalone server sends them as they are (@fastify/static's preCompressed) instead of compressing
 * each request at the lower level that per-request compression can afford. Browsers ask for br over HTTPS only,
 * hence the .gz for plain HTTP.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html)$/.test(name))
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir!, name)
          const bytes = await readFile(file)
          const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY }
          await writeFile(`${file}.br`, await brotli(bytes, { params: quality }))
          await writeFile(`${file}.gz`, await gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }))
        }),
      )
    },
  }
}

// The API runs separately in development (or inside the standalone server in production, which serves dist/).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-size.ts reads from it which chunks each screen loads.
    manifest: true,
    rolldownOptions: {
      // The contracts' modules only define schemas and constants: those the web app does not use are left out.
      // A feature's index.ts only re-exports its public pieces (docs/decisions/014): importing one piece through
      // it must not bring the feature's other windows along.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]web[\\/]src[\\/]features[\\/][a-z-]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys. Only those the
        // first screen needs ($initial) are grouped; the others go with the lazy screens that use them, so
        // /login does not download the tables and charts of the screens behind it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
})
