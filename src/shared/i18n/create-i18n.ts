// One i18next instance over ICU MessageFormat, the same for the page and the main process:
// plurals and selects are ICU's (`{count, plural, one {# job} other {# jobs}}`), numbers in
// a message follow the language (`{count, number}`), and a key a catalog lacks is said in
// English.
import i18next, { type i18n, type InitOptions, type Module, type Resource } from 'i18next'
import ICU from 'i18next-icu'
import { SOURCE_LANGUAGE } from './languages'

export interface I18nOptions {
  language: string
  namespaces: readonly string[]
  /** The catalogs at hand from the start (at least English); more are added as loaded. */
  resources: Resource
  /** Told of a message ICU cannot read; the catalogs' test keeps these out of the app. */
  onBrokenMessage?: (key: string, error: Error) => void
  /** The locale a message's numbers and dates are written in, for a language (default: the language). */
  formattingLocale?: (language: string) => string
  /** More i18next modules (the page's React binding). */
  plugins?: Module[]
  /** Their options. */
  options?: InitOptions
}

export function createI18n({ language, namespaces, resources, onBrokenMessage, formattingLocale, plugins = [], options = {} }: I18nOptions): i18n {
  const instance = i18next.createInstance()
  const icu = new ICU({
    // A message ICU cannot read is shown as written (braces and all) rather than lost.
    parseErrorHandler: (err: Error, key: string, res: string) => {
      onBrokenMessage?.(key, err)
      return res
    },
    parseLngForICU: (lng: string) => formattingLocale?.(lng) ?? lng
  })
  for (const plugin of [icu, ...plugins]) instance.use(plugin)
  void instance.init({
    lng: language,
    fallbackLng: SOURCE_LANGUAGE,
    ns: [...namespaces],
    defaultNS: 'common',
    resources,
    // Everything at hand is ready at once: the first frame and the first line of output are translated.
    initAsync: false,
    // React and terminals escape for themselves; ICU substitutes the values.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    ...options
  })
  return instance
}
