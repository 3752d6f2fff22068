// Draws the page once its first script has started the connection (renderer/main.tsx): connects
// the stores to the engine before the first render, so the info and the models can be in
// them when it runs, then renders in the language last chosen.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { TransportSetup } from '../api/transport'
import { App, MissingTokenScreen } from './App'
import { startPageLanguage } from './page-language'
import { connectToEngine } from '../stores/sync'
import { speakTransportWords } from '../api/transport-words'
import { t } from '../i18n/page-i18n'

export function boot(setup: TransportSetup): void {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element')
  // From here the catalogs are loaded: a failing call is said in the page's language.
  speakTransportWords({
    unreachable: () => t('messages:host.unreachable'),
    noResult: (status) => t('messages:host.noResult', { status }),
    unexpectedBody: (status) => t('messages:host.unexpectedBody', { status })
  })

  // Before the first render, so the info and the models can be in the stores when it runs.
  if (setup.ok) connectToEngine()
  else {
    // Pasting the access link into this tab changes only the fragment, which does not
    // reload the page; start over so the token is picked up.
    window.addEventListener('hashchange', () => {
      if (/(^|[#&])token=/.test(window.location.hash)) window.location.reload()
    })
  }
  // The first frame is drawn in the language last chosen (English comes with this code; any
  // other is a local chunk, a moment away), or in English should that chunk fail.
  void startPageLanguage().finally(() => createRoot(root).render(<StrictMode>{setup.ok ? <App /> : <MissingTokenScreen />}</StrictMode>))
}
