// Lint enforces which runtime each folder may use:
//   src/shared    pure TypeScript: no node:, no DOM, no Electron
//   src/main/core the engine: Node, never Electron
//   src/simulator the demo service: Node, never Electron
//   src/renderer  the page: DOM, never Node or Electron
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

const nodeBuiltins = [
  'node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'crypto', 'child_process',
  'stream', 'stream/*', 'url', 'util', 'events', 'zlib', 'worker_threads', 'buffer', 'process'
]

const noNode = { group: nodeBuiltins, message: 'This folder must stay free of Node.' }
const noElectron = { group: ['electron', 'electron/*', 'electron-store', '@electron/*'], message: 'This folder must stay free of Electron.' }
const noServerPackages = { group: ['undici', 'sharp', 'undici/*'], message: 'Node-only packages are not allowed here.' }

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', '.tools/**', 'playwright-report/**'] },
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
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noServerPackages, { group: ['**/main/**', '**/simulator/**', '**/preload/**'], message: 'The renderer talks to main only through the contract.' }] }],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', '__filename']
    }
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noServerPackages] }] }
  }
)
