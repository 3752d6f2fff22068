// Lint enforces which runtime each folder may use:
//   src/shared    pure TypeScript: no node:, no DOM, no Electron
//   src/main/core the engine: Node, never Electron
//   src/main/host, src/main/cli, src/simulator  Node, never Electron
//   src/renderer  the page: DOM, never Node or Electron
// and which folders each may import (see `zones` and, inside the page, `pageLayers`
// below), with no import cycles.
import { readdirSync } from 'node:fs'
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
const noDom = { group: ['react', 'react-dom', 'zustand'], message: 'src/shared must stay free of the DOM.' }

// Every file under src/ belongs to exactly one zone (a file in none is a lint error, and
// test/unit/lint checks each file has one). A zone says which folders its files may
// import (relative to src/) and which packages they may not load. `shared` depends on
// nothing; the engine (`core`) on `shared`; Electron's adapters, the Node host and the
// command line on the engine; the demo service, the page and the preload on `shared`
// only. The entry points (the files directly in src/main, of which index.ts is the
// Electron shell's entry, and the command line) are where the app is put together, so
// they alone may also start the demo service.
export const zones = [
  { name: 'The shared code (src/shared)', files: ['src/shared/**'], target: './src/shared', may: ['./shared'], refuse: [noNode, noElectron, noServerPackages, noDom] },
  { name: 'The engine (src/main/core)', files: ['src/main/core/**'], target: './src/main/core', may: ['./main/core', './shared'], refuse: [noElectron] },
  { name: 'The Electron adapters (src/main/electron)', files: ['src/main/electron/**'], target: './src/main/electron', may: ['./main/electron', './main/core', './shared'], refuse: [] },
  { name: 'The Electron entry (src/main/*.ts)', files: ['src/main/*'], target: './src/main/*.ts', may: ['./main/electron', './main/core', './shared', './simulator'], refuse: [] },
  { name: 'The Node host (src/main/host)', files: ['src/main/host/**'], target: './src/main/host', may: ['./main/host', './main/core', './shared'], refuse: [noElectron] },
  { name: 'The command line (src/main/cli)', files: ['src/main/cli/**'], target: './src/main/cli', may: ['./main/cli', './main/host', './main/core', './shared', './simulator'], refuse: [noElectron] },
  { name: 'The demo service (src/simulator)', files: ['src/simulator/**'], target: './src/simulator', may: ['./simulator', './shared'], refuse: [noElectron] },
  { name: 'The page (src/renderer)', files: ['src/renderer/**'], target: './src/renderer', may: ['./renderer', './shared'], refuse: [noNode, noElectron, noServerPackages] },
  { name: 'The preload (src/preload)', files: ['src/preload/**'], target: './src/preload', may: ['./preload', './shared'], refuse: [noNode, noServerPackages] }
]
const layerZones = zones.map(({ name, target, may }) => ({
  target,
  from: './src',
  except: may,
  message: `${name} may import only ${may.map((m) => 'src/' + m.slice(2)).join(', ')}.`
}))
// Each zone's own block: the packages it refuses, and its name (read by test/unit/lint).
const zoneBlocks = zones.map(({ name, files, refuse }) => ({
  files,
  settings: { zone: name },
  rules: refuse.length ? { 'no-restricted-imports': ['error', { patterns: refuse }] } : {}
}))
const NO_ZONE = 'This file is in no zone of eslint.config.js: move it into a zone\'s folder, or add a zone for it.'

// Words and numbers in the user's language: the page's components take `useTranslation` and
// `t` from src/renderer/i18n (bound to the page's catalogs and typed by them), never from
// i18next itself; and numbers and dates are written by the format modules (Intl in the
// language chosen), not by `toLocaleString` or a new Intl formatter of their own.
const page = zones.find((zone) => zone.target === './src/renderer')
const pageI18n = { group: ['i18next', 'react-i18next'], message: 'Take useTranslation, Trans and t from src/renderer/i18n/page-i18n.' }
const FORMAT_MESSAGE = 'Write numbers and dates in a message ({n, number}) or with the format modules (shared/i18n/format.ts, bound by renderer/format), in the language the user chose.'
const localeFormatting = [
  { selector: "CallExpression[callee.property.name=/^toLocale(String|DateString|TimeString)$/]", message: FORMAT_MESSAGE },
  { selector: "NewExpression[callee.object.name='Intl']", message: FORMAT_MESSAGE }
]

// The page's own layers. Each file under src/renderer is in exactly one (test/unit/lint
// checks it); a layer may import its own folder and the folders listed, of the page
// (relative to src/renderer), besides src/shared. The app puts the views together and is
// the only layer that imports them; each view (a folder under features/) imports no other
// view; the pieces several views share (components/) import no view; the stores import no
// component; the design system (ui/), the form logic (forms/), formatting (format/), the
// words (i18n/) and the transport (api/) are the bottom. When a lower layer needs
// something from a higher one, the thing moves down.
const PAGE_BOTTOM = ['./forms', './format', './i18n', './api']
export const pageLayers = [
  { name: 'The page\'s entry (src/renderer/main.tsx)', files: ['src/renderer/*'], target: './src/renderer/*.{ts,tsx}', may: ['./app', './features', './components', './stores', './ui', ...PAGE_BOTTOM, './styles'] },
  { name: 'The app (src/renderer/app)', files: ['src/renderer/app/**'], target: './src/renderer/app', may: ['./app', './features', './components', './stores', './ui', ...PAGE_BOTTOM] },
  { name: 'A view (src/renderer/features/<view>)', files: ['src/renderer/features/**'], target: './src/renderer/features', may: ['./components', './stores', './ui', ...PAGE_BOTTOM], eachFolder: true },
  { name: 'The shared pieces (src/renderer/components)', files: ['src/renderer/components/**'], target: './src/renderer/components', may: ['./components', './stores', './ui', ...PAGE_BOTTOM] },
  { name: 'The stores (src/renderer/stores)', files: ['src/renderer/stores/**'], target: './src/renderer/stores', may: ['./stores', ...PAGE_BOTTOM] },
  { name: 'The design system (src/renderer/ui)', files: ['src/renderer/ui/**'], target: './src/renderer/ui', may: ['./ui', './format', './i18n'] },
  { name: 'The form logic (src/renderer/forms)', files: ['src/renderer/forms/**'], target: './src/renderer/forms', may: ['./forms', './format', './i18n'] },
  { name: 'Formatting (src/renderer/format)', files: ['src/renderer/format/**'], target: './src/renderer/format', may: ['./format', './i18n'] },
  { name: 'The words (src/renderer/i18n)', files: ['src/renderer/i18n/**'], target: './src/renderer/i18n', may: ['./i18n'] },
  { name: 'The transport (src/renderer/api)', files: ['src/renderer/api/**'], target: './src/renderer/api', may: ['./api', './i18n'] }
]
const pageZone = (name, target, may, note = '') => ({
  target,
  from: './src/renderer',
  except: may,
  message: `${name} may import only ${may.map((m) => 'src/renderer/' + m.slice(2)).join(', ')} and src/shared${note}.`
})
// Each folder under features/ is one view, held to its own folder.
const views = readdirSync(new URL('./src/renderer/features', import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
const pageZones = pageLayers.flatMap(({ name, target, may, eachFolder }) => eachFolder
  ? views.map((view) => pageZone(`A view (src/renderer/features/${view})`, `${target}/${view}`, [`./features/${view}`, ...may], '; never another view or the app'))
  : [pageZone(name, target, may)])
const pageLayerBlocks = pageLayers.map(({ name, files }) => ({ files, settings: { pageLayer: name } }))

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
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...pageZones] }],
      // Type-only imports are not followed by this rule; test/unit/lint/import-cycles.test.ts
      // covers those too.
      'import-x/no-cycle': 'error'
    }
  },
  ...zoneBlocks,
  ...pageLayerBlocks,
  {
    files: ['src/renderer/**'],
    ignores: ['src/renderer/i18n/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...page.refuse, pageI18n] }] }
  },
  // Before the block for files in no zone, which must win for those.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/i18n/**'],
    rules: { 'no-restricted-syntax': ['error', ...localeFormatting] }
  },
  {
    files: ['src/**'],
    ignores: zones.flatMap((zone) => zone.files),
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: NO_ZONE }] }
  },
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require', '__dirname', 'navigator', 'localStorage'] }
  },
  // Small modules: a file fits in 300 lines and a function in 80, comments and blank
  // lines included (they are read too).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80 }]
    }
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
    rules: { 'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', '__filename'] }
  }
)
