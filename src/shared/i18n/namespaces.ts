// The catalogs' namespaces: one JSON file per area in every language's folder
// (locales/<language>/<namespace>.json), so areas are translated side by side without
// touching each other's files. A new area's namespace is added here, as an empty `{}` file
// in every language's folder, and in i18next.d.ts.

/** Read by the page: its views and shared pieces, and main's notices (sent as keys with values). */
export const PAGE_NAMESPACES = [
  'common',
  'shell',
  'settings',
  'updates',
  'create',
  'params',
  'inputs',
  'results',
  'matrix',
  'palette',
  'queue',
  'gallery',
  'tools',
  'loras',
  'legacy',
  'spend',
  'messages',
  'main'
] as const

/** Read by the main process: the engine's notices and errors, the menu, and the command line. */
export const MAIN_NAMESPACES = ['main', 'menu', 'cli'] as const

export const NAMESPACES = [...new Set([...PAGE_NAMESPACES, ...MAIN_NAMESPACES])]
