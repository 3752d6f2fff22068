// Switches the page to the pseudo-locale (made from the English catalogs it holds) and back.
import { pageI18n } from '../../../../src/renderer/i18n/page-i18n'
import { PAGE_NAMESPACES } from '../../../../src/shared/i18n/namespaces'
import { PSEUDO_LANGUAGE, pseudoCatalog, type Catalog } from '../../support/pseudo-locale'

export async function speakPseudo(): Promise<void> {
  for (const ns of PAGE_NAMESPACES) {
    if (!pageI18n.hasResourceBundle(PSEUDO_LANGUAGE, ns)) pageI18n.addResourceBundle(PSEUDO_LANGUAGE, ns, pseudoCatalog(pageI18n.getResourceBundle('en', ns) as Catalog))
  }
  await pageI18n.changeLanguage(PSEUDO_LANGUAGE)
}

export async function speakEnglish(): Promise<void> {
  await pageI18n.changeLanguage('en')
}
