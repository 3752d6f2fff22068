// The app itself: what it is and how it is connected, its settings and the key, settings
// read from a file, and links opened in the browser. None of these needs the engine: what
// only reads answers at once while it switches or the library moves; what changes the
// connection waits for the switch under way, then switches again.
import { AppFailure } from '../app-errors'
import { settingsFromFile } from '../settings-from-file'
import type { RouteContext, RouteHandlers } from './route-context'

type SettingsRoute = 'app.info' | 'settings.get' | 'settings.update' | 'settings.fromFile' | 'key.set' | 'key.clear' | 'shell.openExternal'

export function settingsRoutes(ctx: RouteContext): RouteHandlers<SettingsRoute> {
  return {
    'app.info': async () => ctx.info(),
    'settings.get': async () => ctx.settings(),
    'settings.update': (patch) => ctx.updateSettings(patch),
    'settings.fromFile': async ({ file }) => {
      const found = settingsFromFile(Buffer.from(file.dataBase64, 'base64'))
      if (!found) throw new AppFailure('not_found', `${file.fileName} carries no generation settings`)
      return found
    },
    'key.set': ({ apiKey }) => ctx.setKey(apiKey),
    'key.clear': () => ctx.clearKey(),
    'shell.openExternal': async ({ url }) => {
      if (!/^https?:\/\//i.test(url)) throw new AppFailure('invalid_input', 'Only web links can be opened', { url: ['Must be an http or https URL'] })
      if (!ctx.hooks.openExternal) throw new AppFailure('conflict', 'Opening links is available in the desktop app')
      // The URL was checked to be http(s) just above, and the hook checks it again.
      await ctx.hooks.openExternal(url) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
      return null
    }
  }
}
