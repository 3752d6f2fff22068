// The catalogs' keys as types, from the English catalogs: a key that is not in them (a typo,
// a key renamed in one place only) fails the type check where it is used.
import type common from './locales/en/common.json'
import type shell from './locales/en/shell.json'
import type settings from './locales/en/settings.json'
import type updates from './locales/en/updates.json'
import type create from './locales/en/create.json'
import type params from './locales/en/params.json'
import type inputs from './locales/en/inputs.json'
import type results from './locales/en/results.json'
import type matrix from './locales/en/matrix.json'
import type palette from './locales/en/palette.json'
import type queue from './locales/en/queue.json'
import type gallery from './locales/en/gallery.json'
import type tools from './locales/en/tools.json'
import type loras from './locales/en/loras.json'
import type legacy from './locales/en/legacy.json'
import type spend from './locales/en/spend.json'
import type messages from './locales/en/messages.json'
import type main from './locales/en/main.json'
import type menu from './locales/en/menu.json'
import type cli from './locales/en/cli.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      common: typeof common
      shell: typeof shell
      settings: typeof settings
      updates: typeof updates
      create: typeof create
      params: typeof params
      inputs: typeof inputs
      results: typeof results
      matrix: typeof matrix
      palette: typeof palette
      queue: typeof queue
      gallery: typeof gallery
      tools: typeof tools
      loras: typeof loras
      legacy: typeof legacy
      spend: typeof spend
      messages: typeof messages
      main: typeof main
      menu: typeof menu
      cli: typeof cli
    }
  }
}
