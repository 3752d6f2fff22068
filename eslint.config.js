// Lint enforces which runtime each folder may use:
//   src/shared    pure TypeScript: no node:, no DOM, no Electron
//   src/main/core the engine: Node, never Electron
//   src/simulator the demo service: Node, never Electron
//   src/renderer  the page: DOM, never Node or Electron
// and which folders each may import (see `layers` below), with no import cycles.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'

const nodeBuiltins = [
  'node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process',
  'stream', 'stream/*', 'url', 'util', 'events', 'zlib', 'worker_threads', 'buffer', 'process'
]

const noNode = { group: nodeBuiltins, message: 'This folder must stay free of Node.' }
const noElectron = { group: ['electron', 'electron/*', 'electron-store', '@electron/*'], message: 'This folder must stay free of Electron.' }
const noServerPackages = { group: ['undici', 'sharp', 'undici/*'], message: 'Node-only packages are not allowed here.' }

// Who may import whom, by path. Each layer may import only itself and the folders
// listed (relative to src/); anything else under src/ is an error. `shared` depends on
// nothing; the engine (`core`) on `shared`; Electron's adapters, the Node host and the
// command line on the engine; the demo service, the page and the preload on `shared`
// only. The entry points (src/main/index.ts, the command line) are where the app is put
// together, so they alone may also start the demo service.
const layers = [
  { name: 'The shared code (src/shared)', target: './src/shared', may: ['./shared'] },
  { name: 'The engine (src/main/core)', target: './src/main/core', may: ['./main/core', './shared'] },
  { name: 'The Electron adapters (src/main/electron)', target: './src/main/electron', may: ['./main/electron', './main/core', './shared'] },
  { name: 'The Electron entry (src/main/index.ts)', target: './src/main/index.ts', may: ['./main/electron', './main/core', './shared', './simulator'] },
  { name: 'The Node host (src/main/host)', target: './src/main/host', may: ['./main/host', './main/core', './shared'] },
  { name: 'The command line (src/main/cli)', target: './src/main/cli', may: ['./main/cli', './main/host', './main/core', './shared', './simulator'] },
  { name: 'The demo service (src/simulator)', target: './src/simulator', may: ['./simulator', './shared'] },
  { name: 'The page (src/renderer)', target: './src/renderer', may: ['./renderer', './shared'] },
  { name: 'The preload (src/preload)', target: './src/preload', may: ['./preload', './shared'] }
]
const layerZones = layers.map(({ name, target, may }) => ({
  target,
  from: './src',
  except: may,
  message: `${name} may import only ${may.map((m) => 'src/' + m.slice(2)).join(', ')}.`
}))

export default tseslint.config(
  // test/unit/lint/fixtures holds code lint must refuse; its test lints it on purpose.
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', '.tools/**', 'playwright-report/**', 'test/unit/lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error'
    }
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Which files the cycle check reads, and with which parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] }
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // Type-only imports are not followed by this rule; test/unit/lint/import-cycles.test.ts
      // covers those too.
      'import-x/no-cycle': 'error'
    }
  },
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noServerPackages, { group: ['react', 'react-dom', 'zustand'], message: 'src/shared must stay free of the DOM.' }] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require', '__dirname', 'navigator', 'localStorage']
    }
  },
  {
    files: ['src/main/core/**/*.ts', 'src/simulator/**/*.ts', 'src/main/host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron] }] }
  },
  // Hooks live in .ts modules too (use-*.ts), so their rules cover both.
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended
  },
  {
    files: ['src/renderer/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noServerPackages] }],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', '__filename']
    }
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noServerPackages] }] }
  }
)
