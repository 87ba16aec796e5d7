/**
 * Browser mode as one bundled file (esbuild, which tsx already brings), for tests that restart the server many
 * times: `scripts/serve.mjs` compiles the TypeScript sources through tsx on every start, the bundle only loads.
 * It serves the built renderer (`npm run build` output in out/renderer) exactly as `npm run serve` does.
 */
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const root = join(import.meta.dirname, '..', '..')

/** bundles browser mode's entry into out/ (beside the build, where node_modules resolves); returns its path */
export async function bundleServe(): Promise<string> {
  const out = join(mkdtempSync(join(root, 'out', 'serve-bundle-')), 'serve.mjs')
  await build({
    stdin: {
      contents: [
        `import { serve } from './src-main/server/serve.ts'`,
        `const running = await serve(process.argv.slice(2), { root: ${JSON.stringify(root)} })`,
        `const stop = async () => { await running?.stop(); process.exit(0) }`,
        `process.once('SIGINT', stop)`,
        `process.once('SIGTERM', stop)`,
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'serve-entry.ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // the packages bundled too (zod alone is some 100 files to resolve and load): a start costs ~18% less CPU time
    // (595 → 485 ms until the URLs print, measured here; issue 27). ws stays outside (CommonJS, optional native parts),
    // and yaml (CommonJS: its require('process') is a dynamic require an ESM bundle cannot run, the server exited at start)
    external: ['ws', 'bufferutil', 'utf-8-validate', 'yaml'],
    tsconfig: join(root, 'tsconfig.node.json'),
    outfile: out,
    logLevel: 'error',
  })
  return out
}
