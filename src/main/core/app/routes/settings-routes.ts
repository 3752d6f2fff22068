// The app itself: what it is and how it is connected, its settings and the key, settings
// read from a file, and links opened in the browser. None of these needs the engine (but a
// file carrying no settings, looked up in the library): what only reads answers at once
// while it switches or the library moves; what changes the connection waits for the
// switch under way, then switches again.
import { AppFailure } from '../app-errors'
import { settingsFromFile, settingsFromTexts } from '../settings-from-file'
import type { FileSettings } from '../../../../shared/app/file-settings'
import type { RouteContext, RouteHandlers } from './route-context'

/** The settings of the library's file with these bytes, if the library (when it can be opened) has one. */
async function settingsInLibrary(ctx: RouteContext, bytes: Buffer): Promise<FileSettings | null> {
  const engine = await ctx.engine().catch(() => null)
  const texts = engine ? await engine.curation.settingsOfContent(bytes) : null
  return texts && settingsFromTexts(texts)
}

type SettingsRoute = 'app.info' | 'settings.get' | 'settings.update' | 'settings.fromFile' | 'key.set' | 'key.clear' | 'shell.openExternal'

export function settingsRoutes(ctx: RouteContext): RouteHandlers<SettingsRoute> {
  return {
    'app.info': async () => ctx.info(),
    'settings.get': async () => ctx.settings(),
    'settings.update': (patch) => ctx.updateSettings(patch),
    'settings.fromFile': async ({ file }) => {
      const bytes = Buffer.from(file.dataBase64, 'base64')
      // A file with no settings inside may be one of the library's, whose settings are kept
      // beside it (a picture with Content Credentials, saved from the gallery, say).
      const found = settingsFromFile(bytes) ?? (await settingsInLibrary(ctx, bytes))
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
