// Compare moves its pictures together: zooming or panning one pane gives every pane the
// same view, unless sync is turned off; Reset puts them all back to fit.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { CompareDialog } from '../../../../src/renderer/components/media/CompareDialog'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { libraryEntry } from '../fixtures'

const api = installFakeApi()

const file = (jobId: string): LibraryFile => ({
  index: 0, role: 'image', url: null, path: `${jobId}/0.png`, thumbnail: null, state: 'saved', lostReason: null,
  bytes: 10, sha256: null, mime: 'image/png', width: 512, height: 512, durationSeconds: null
})

beforeEach(() => {
  api.reset()
  api.handle('library.get', ({ jobId }) => ({ ok: true, data: libraryEntry({ jobId, files: [file(jobId)] }) }))
})

async function panes(): Promise<void> {
  await waitFor(() => expect(screen.getAllByTestId('gallery-media')).toHaveLength(2))
}

/** Both panes' pictures as they are now (a re-render may replace the elements). */
const media = () => screen.getAllByTestId('gallery-media') as HTMLImageElement[]
const transforms = () => media().map((m) => m.style.transform)

describe('Compare', () => {
  it('zooms and pans every pane together', async () => {
    render(<CompareDialog jobIds={['a', 'b']} onClose={() => undefined} />)
    await panes()
    fireEvent.wheel(media()[0]!.parentElement!, { deltaY: -100 })
    await waitFor(() => expect(transforms()).toEqual(['scale(1.2) translate(0px, 0px)', 'scale(1.2) translate(0px, 0px)']))

    // A drag on the second pane pans the first too.
    const frame = media()[1]!.parentElement!
    frame.setPointerCapture = () => undefined
    fireEvent.pointerDown(frame, { clientX: 100, clientY: 100, pointerId: 1 })
    fireEvent.pointerMove(frame, { clientX: 124, clientY: 112, pointerId: 1 })
    fireEvent.pointerUp(frame, { pointerId: 1 })
    await waitFor(() => expect(transforms()).toEqual(['scale(1.2) translate(20px, 10px)', 'scale(1.2) translate(20px, 10px)']))

    await userEvent.click(screen.getByTestId('compare-reset'))
    await waitFor(() => expect(transforms()).toEqual(['scale(1) translate(0px, 0px)', 'scale(1) translate(0px, 0px)']))
  })

  it('lets each pane keep its own view with sync off', async () => {
    render(<CompareDialog jobIds={['a', 'b']} onClose={() => undefined} />)
    await panes()
    await userEvent.click(screen.getByRole('switch', { name: 'Zoom and pan together' }))
    await userEvent.click(screen.getAllByRole('button', { name: 'Zoom in' })[1]!)
    await waitFor(() => expect(transforms()).toEqual(['scale(1) translate(0px, 0px)', 'scale(1.5) translate(0px, 0px)']))
    // Back on, the panes line up again on the first one's view.
    await userEvent.click(screen.getByRole('switch', { name: 'Zoom and pan together' }))
    await waitFor(() => expect(transforms()[1]).toBe(transforms()[0]))
  })
})
