// ESLint flat config. Besides the TypeScript and Vue recommended rules it holds the layer walls of
// docs/dev/architecture.md: `layers/walls` (eslint-rules/layer-walls.mjs) checks every import between the project's
// folders (services ↛ ipc/core, export ↛ services/store, rules ↛ anything outside rules and src-shared, no system
// imports another, renderer ↛ src-main, src-shared ↛ src-main/src-renderer; in the renderer: screens ↛ bridge,
// stores ↛ screens, bridge ↛ stores/screens, shared parts ↛ screens, …); no-restricted-imports keeps
// packages out (src-shared and the rules are pure: no electron, node:*, vue, DOM); ipcMain lives only in
// src-main/ipc/.
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import vueParser from 'vue-eslint-parser'
import layers from './eslint-rules/layer-walls.mjs'

const nodeBuiltins = ['fs', 'path', 'os', 'crypto', 'child_process', 'http', 'net', 'url', 'stream', 'events', 'util', 'worker_threads']

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'docs/**', 'resources/**', 'build/**', '.ci/**'] },
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/attributes-order': 'off',
      'vue/html-indent': 'off',
      'vue/first-attribute-linebreak': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-renderer/**/*.{ts,vue}'],
    plugins: { layers },
    rules: { 'layers/walls': 'error' },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['electron', 'vue', 'pinia', ...nodeBuiltins].map((name) => ({ name, message: 'src-shared is pure: no electron, node, vue.' })),
        patterns: [{ group: ['node:*', 'vue*', '@vue/*', 'electron*', '**/src-main/**', '**/src-renderer/**'], message: 'src-shared is pure: no electron, node:*, vue, or other layers.' }],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer reaches main only through the bridge.' }],
        patterns: [{ group: ['**/src-main/**', '@main/*', 'node:*'], message: 'src-renderer never imports src-main or node.' }],
      }],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/ipc/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "Identifier[name='ipcMain']", message: 'ipcMain is used only in src-main/ipc/.' }],
    },
  },
  {
    files: ['src-main/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['electron', ...nodeBuiltins].map((name) => ({ name, message: 'The rules engine is pure: no I/O.' })),
        patterns: [{ group: ['node:*'], message: 'The rules engine is pure: no I/O.' }],
      }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Inject an Rng.' }, { object: 'Date', property: 'now', message: 'Take now from the context.' }],
    },
  },
)
