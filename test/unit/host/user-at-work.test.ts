// The page's requests, and the pictures it asks for, tell the engine the user is at work,
// so that its check of the library at start rests longer meanwhile (repair-pacer.test).
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController } from '../support/test-controller'
import type { AppController } from '../../../src/main/core/app/controller'

const cleanup = cleanupAfterEach()

/** Whether the running engine is told the user is at work. */
const engineSeesUserAtWork = (c: AppController) => c['engines'].running()!.opts.userAtWork!()

describe('the user at work, as the engine sees it', () => {
  it('is at work after a request from the page or a picture asked for, and away a second later', async () => {
    const dir = await cleanup.tempDir('at-work-')
    const { controller } = await startTestController(dir)
    cleanup.defer(() => controller.close())
    const idle = async () => {
      while (engineSeesUserAtWork(controller)) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await idle()
    // Told as the request comes in, before it is answered.
    const answered = controller.dispatch('app.info', {})
    expect(engineSeesUserAtWork(controller)).toBe(true)
    await answered
    await idle()
    const resolved = controller.resolveLibraryFile('files/none/0.png')
    expect(engineSeesUserAtWork(controller)).toBe(true)
    await resolved
  })
})
