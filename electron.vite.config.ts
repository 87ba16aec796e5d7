import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

const alias = { '@shared': resolve(__dirname, 'src-shared') }

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
    plugins: [vue()],
    build: {
      outDir: 'out/renderer',
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
