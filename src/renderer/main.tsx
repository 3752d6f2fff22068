import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setupTransport } from './api/transport'
import { App, MissingTokenScreen } from './app/App'
import { startPageLanguage } from './app/page-language'
import './styles/tokens.css'
import './styles/base.css'
import './styles/controls.css'
import './styles/audio-player.css'
import './styles/surfaces.css'
import './styles/shell.css'
import './styles/layout.css'
import './styles/create-layout.css'
import './styles/workspace.css'
import './styles/results.css'
import './styles/prompts.css'
import './styles/gallery.css'
import './styles/curation.css'
import './styles/pages.css'
import './styles/matrix.css'
import './styles/tools.css'
import './styles/loras.css'
import './styles/actions.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

const setup = setupTransport()
if (!setup.ok) {
  // Pasting the access link into this tab changes only the fragment, which does not
  // reload the page; start over so the token is picked up.
  window.addEventListener('hashchange', () => {
    if (/(^|[#&])token=/.test(window.location.hash)) window.location.reload()
  })
}
// The first frame is drawn in the language last chosen (English is in this script; any
// other is a local chunk, a moment away), or in English should that chunk fail.
void startPageLanguage().finally(() => createRoot(root).render(<StrictMode>{setup.ok ? <App /> : <MissingTokenScreen />}</StrictMode>))
