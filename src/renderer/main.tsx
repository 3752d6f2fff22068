// The page's first script, kept small: the event stream and the first calls leave as soon
// as it is in (api/early-start.ts), while the rest of the page (React, the stores, the
// views, the words) is still arriving and being compiled as a chunk of its own (app/boot.tsx),
// which the page's HTML preloads (see preloadBoot in electron.vite.config.ts). The styles
// are here so that they are linked from the HTML and load alongside.
import { transportSetup } from './api/early-start'
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
import './styles/result-groups.css'
import './styles/prompts.css'
import './styles/gallery.css'
import './styles/gallery-look.css'
import './styles/curation.css'
import './styles/menus.css'
import './styles/pages.css'
import './styles/matrix.css'
import './styles/tools.css'
import './styles/loras.css'
import './styles/actions.css'

import('./app/boot')
  .then(({ boot }) => boot(transportSetup))
  .catch((err: unknown) => console.error('The page could not start', err))
