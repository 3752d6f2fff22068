// Serves the built page over the app's own scheme (see app-url.ts), in place of file://.
import { protocol } from 'electron'
import { APP_SCHEME } from './app-url'
import { serveRendererFile } from './renderer-files'

/** After the app is ready: `rendererDir` is out/renderer, `csp` the page's policy. */
export function handleAppProtocol(rendererDir: string, csp: string): void {
  protocol.handle(APP_SCHEME, (request) => serveRendererFile(request, rendererDir, csp))
}
