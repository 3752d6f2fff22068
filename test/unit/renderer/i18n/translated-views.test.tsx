// Every view and dialog of SCENES, drawn in the pseudo-locale, shows no word that did not
// come from a catalog: not in its text, nor in what a screen reader or a tooltip says.
// A view without a scene of its own is drawn whole; one whose words are not all in the
// catalogs yet is skipped only with the reason named, so "every view" stays in sight.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppShell } from '../../../../src/renderer/app/AppShell'
import { useApp } from '../../../../src/renderer/stores/app'
import { useLibraryMove } from '../../../../src/renderer/stores/library-move'
import { useNavigation, VIEWS, type View } from '../../../../src/renderer/stores/navigation'
import { subscribeToEngine } from '../../../../src/renderer/stores/sync'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { useWebhookHealth } from '../../../../src/renderer/stores/webhook-health'
import { useLoras } from '../../../../src/renderer/stores/loras'
import { useSpendLimits } from '../../../../src/renderer/stores/spend-limits'
import { installFakeApi, type FakeApi } from '../fake-api'
import { appInfo, resetStore, settings } from '../fixtures'
import { speakEnglish, speakPseudo } from './pseudo-page'
import { SCENES, type Scene } from './scenes'
import { findUntranslated } from './untranslated'

const api = installFakeApi()

/** Views whose words are not all in the catalogs yet, each with what is still English; their scenes wait too. */
const NOT_YET_TRANSLATED: Partial<Record<View, string>> = {
  create: 'the form’s field labels are made from the parameters’ names',
  gallery: 'its header, empty states and some filters',
  tools: 'the form’s fields and its image inputs, drawn by the composer and the inputs',
  legacy: 'its prompt and image inputs, drawn by the composer and the inputs'
}

/** What any scene may ask of the engine, answered as a fresh demo app would. */
function answerDefaults(fake: FakeApi): void {
  fake.answer('app.info', appInfo())
  fake.answer('webhooks.health', { mode: 'local', url: 'http://127.0.0.1:8790/webhooks', lastDeliveryAt: null, received: 0, rejected: 0 })
  fake.answer('loras.list', [])
  fake.answer('updates.status', { state: 'unsupported', currentVersion: '0.1.0', version: null, releaseNotes: null, message: 'Updates come with the desktop app.', checkedAt: null })
}

beforeEach(async () => {
  api.reset()
  resetStore(useApp)
  resetStore(useLibraryMove)
  resetStore(useToasts)
  resetStore(useWebhookHealth)
  resetStore(useNavigation)
  resetStore(useLoras)
  resetStore(useSpendLimits)
  useApp.setState({ info: appInfo(), settings: settings() })
  answerDefaults(api)
  await speakPseudo()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await speakEnglish()
})

async function draw(scene: Scene): Promise<void> {
  scene.setup?.(api)
  if (scene.view) useNavigation.setState({ view: scene.view })
  const unsubscribe = subscribeToEngine()
  render(scene.view ? <AppShell /> : scene.draw!())
  if (scene.view) await screen.findByTestId(`view-${scene.view}`)
  // A view's code loads on first use: its words are read once it is drawn, not its "Opening…".
  if (scene.view) await waitFor(() => expect(document.querySelector('.view-loading')).toBeNull(), { timeout: 10_000 })
  await act(async () => scene.act?.(userEvent.setup(), api))
  // A view's code loads on first use: its first scene waits for it longer than a render.
  for (const id of scene.shows ?? []) await screen.findByTestId(id, {}, { timeout: 10_000 })
  unsubscribe()
}

describe('every view and dialog in the pseudo-locale', () => {
  // A scene of a view still listed above waits, named, for the rest of its view.
  for (const scene of SCENES) {
    const why = scene.view ? NOT_YET_TRANSLATED[scene.view] : undefined
    it.skipIf(why !== undefined)(`${scene.name}: every word is translated${why ? ` (skipped: ${why})` : ''}`, async () => {
      await draw(scene)
      expect(findUntranslated(document.body, scene.allow)).toEqual([])
    })
  }

  for (const view of VIEWS.filter((v) => !SCENES.some((s) => s.view === v))) {
    const why = NOT_YET_TRANSLATED[view]
    it.skipIf(why !== undefined)(`the ${view} view, drawn whole: every word is translated${why ? ` (skipped: ${why})` : ''}`, async () => {
      await draw({ name: view, view })
      expect(findUntranslated(document.body)).toEqual([])
    })
  }
})
