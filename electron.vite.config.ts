import { relative, resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'

const alias = { '@shared': resolve(__dirname, 'src-shared') }

/**
 * Writes `out/renderer/.vite/chunk-modules.json` (each JavaScript chunk → the modules in it, relative to the
 * project) beside Vite's manifest, so a test and the bench can tell what each page loads (issue 13:
 * scripts/bundle-report.mjs; the player page must load neither zod nor chart.js).
 */
function chunkModules(): Plugin {
  return {
    name: 'gm-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {}
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type === 'chunk') map[file] = out.moduleIds.map((m) => relative(__dirname, m).replaceAll('\\', '/')).sort()
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: `${JSON.stringify(map, null, 1)}\n` })
    },
  }
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      // lowdb and steno are ESM-only: bundle them into main (TOOLCHAIN.md)
      externalizeDeps: { exclude: ['lowdb', 'steno'] },
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src-main/index.ts'),
          // the danger check's worker thread (src-main/services/danger-threads.ts looks for it beside the main bundle)
          'danger-worker': resolve(__dirname, 'src-main/services/danger-worker.ts'),
          // browser mode's server, started by scripts/serve.mjs without transpiling at run time (issue 13)
          server: resolve(__dirname, 'src-main/server/serve.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      // a sandboxed preload is one CommonJS bundle that cannot require node_modules
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias: { ...alias, '@renderer': resolve(__dirname, 'src-renderer') } },
    plugins: [vue(), chunkModules()],
    build: {
      outDir: 'out/renderer',
      // which chunks each page loads, read by scripts/bundle-report.mjs (with .vite/chunk-modules.json)
      manifest: true,
      rolldownOptions: {
        input: {
          console: resolve(__dirname, 'src-renderer/console.html'),
          player: resolve(__dirname, 'src-renderer/player.html'),
          board: resolve(__dirname, 'src-renderer/board.html'),
        },
      },
    },
  },
})
