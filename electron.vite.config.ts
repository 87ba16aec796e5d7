import { relative, resolve } from 'node:path'
import { build as rolldown } from 'rolldown'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { mkdirSync, writeFileSync } from 'node:fs'
// @ts-expect-error plain JavaScript without types (scripts/)
import { sourcesUnder } from './scripts/sources.mjs'

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

/**
 * The danger check's worker thread as a bundle of its own: out/main/danger-worker.js, beside the main bundle (issue
 * 13; the entry points hand its path to the core: danger-threads.ts). As an entry of the main build it shared a chunk
 * with the main process and required the browser-mode server (where rolldown put its runtime helpers), so every
 * thread loaded the server, `ws` and the app's services without using them: 225 ms to load against 160 ms alone
 * (measured here), on each of a check's cold threads. Alone it holds the rules, zod and pure-rand.
 */
function dangerWorker(): Plugin {
  return {
    name: 'gm-danger-worker',
    apply: 'build',
    async generateBundle() {
      const built = await rolldown({
        input: resolve(__dirname, 'src-main/services/danger/danger-worker.ts'),
        platform: 'node',
        resolve: { alias },
        tsconfig: resolve(__dirname, 'tsconfig.node.json'),
        write: false,
        output: { format: 'cjs' },
      })
      for (const f of built.output) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.type === 'chunk' ? f.code : f.source })
    },
  }
}

/**
 * Writes out/main/.sources.json: the folders and files the main build was made from. Browser mode's start compares
 * their times with the build's (scripts/lib.mjs `sourcesNewer`) without walking the folders first (issue 13).
 */
function sourcesList(): Plugin {
  return {
    name: 'gm-sources-list',
    apply: 'build',
    closeBundle() {
      mkdirSync(resolve(__dirname, 'out', 'main'), { recursive: true })
      writeFileSync(resolve(__dirname, 'out', 'main', '.sources.json'), JSON.stringify(sourcesUnder(__dirname)))
    },
  }
}

export default defineConfig({
  main: {
    resolve: { alias },
    plugins: [dangerWorker(), sourcesList()],
    build: {
      outDir: 'out/main',
      // lowdb and steno are ESM-only: bundle them into main (TOOLCHAIN.md)
      externalizeDeps: { exclude: ['lowdb', 'steno'] },
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src-main/index.ts'),
          // browser mode's server, started by scripts/serve.mjs without transpiling at run time (issue 13)
          server: resolve(__dirname, 'src-main/server/serve.ts'),
        },
        output: {
          // the PDF printer's import() of playwright-core in a chunk of its own: browser mode compiles the other
          // chunks with V8's code cache, which cannot take a file with an import() (scripts/code-cache.mjs); in the
          // one shared chunk, it left the whole app's code (1.2 MB) uncached at every start
          codeSplitting: { groups: [{ name: 'pdf-printer', test: /src-main[\\/]export[\\/]pdf-printer/ }] },
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
