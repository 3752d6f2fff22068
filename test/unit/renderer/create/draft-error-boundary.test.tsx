// Whatever in Create's form fails on a draft, the view stays: the draft is set aside (a copy
// kept, its settings cleared), its prompt stays in an editable box, and 'Try again' builds
// the form afresh. A draft kept across restarts cannot lock the user out of Create.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as ParamsFormModule from '../../../../src/renderer/components/composer/ParamsForm'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'
import { answerJobs, renderCreate } from './create-harness'

// A stand-in for any part of the form that cannot show some draft: it throws on a marked one.
vi.mock('../../../../src/renderer/components/composer/ParamsForm', async (load) => {
  const real = await load<typeof ParamsFormModule>()
  return {
    ...real,
    ParamsForm: (props: Parameters<typeof real.ParamsForm>[0]) => {
      if (props.params.steps === 13) throw new Error('steps cannot be shown')
      return real.ParamsForm(props)
    }
  }
})

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  answerJobs(api)
  resetStore(useToasts)
})

const promptBox = () => screen.getByTestId('prompt-input') as HTMLTextAreaElement

describe("Create's form when it cannot show the draft", () => {
  it('sets the draft aside, keeps the prompt editable, and comes back on Try again', async () => {
    const user = userEvent.setup()
    // React and the boundary report the error on the console; the test expects it.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderCreate('i3-2', 'a fox in snow', 1000, { steps: 13 })

    const failed = screen.getByTestId('draft-failed')
    expect(failed.textContent).toContain('steps cannot be shown')
    expect(screen.getByRole('alert').textContent).toContain('This draft could not be shown')
    expect(logged).toHaveBeenCalled()
    // The header, and the modality tabs in it, stay.
    expect(screen.getByRole('heading', { name: 'Create' })).toBeTruthy()

    // The draft as it was is kept aside; the one in use keeps its prompt and model, not the settings that failed.
    const aside = JSON.parse(localStorage.getItem('mediagen:drafts.set-aside') ?? '[]') as unknown[]
    expect(aside).toEqual([{ modality: 'image', modelId: 'i3-2', prompt: 'a fox in snow', params: { steps: 13 }, freeform: '{}' }])
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: 'i3-2', prompt: 'a fox in snow' })
    expect(useDrafts.getState().drafts.create.params).toEqual({})
    expect(useDrafts.getState().lastSettings['i3-2']).toBeUndefined()
    expect(useToasts.getState().toasts.at(-1)?.message).toMatch(/^Create could not show this draft \(steps cannot be shown\)\..+“drafts\.set-aside”/)

    // The prompt can be read and changed here.
    expect(promptBox().value).toBe('a fox in snow')
    await user.type(promptBox(), ' at dusk')
    expect(useDrafts.getState().drafts.create.prompt).toBe('a fox in snow at dusk')

    await user.click(screen.getByTestId('draft-retry'))
    expect(screen.queryByTestId('draft-failed')).toBeNull()
    expect(screen.getByTestId('params-form')).toBeTruthy()
    expect(promptBox().value).toBe('a fox in snow at dusk')
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toMatch(/credits/))
  })
})
