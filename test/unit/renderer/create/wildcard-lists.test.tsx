// Saved wildcard lists are made, changed and removed in a small dialog; a bad name is
// named and nothing is lost; a saved list then expands in the prompt on Generate.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useWildcardLists } from '../../../../src/renderer/stores/wildcard-lists'
import { installFakeApi } from '../fake-api'
import { answerJobs, renderCreate } from './create-harness'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  answerJobs(api)
})

describe('saved wildcard lists', () => {
  it('are made in the dialog, refused with a reason for a bad name, and then expand in the prompt', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a __colours__ car')
    expect(screen.getByTestId('cost-estimate').textContent).toBe('Prompt: there is no saved list named __colours__')
    await user.click(screen.getByTestId('wildcard-open'))
    const dialog = await screen.findByTestId('wildcard-dialog')
    await user.click(within(dialog).getByTestId('wildcard-new'))
    await user.type(within(dialog).getByTestId('wildcard-name'), 'my colours')
    await user.type(within(dialog).getByTestId('wildcard-lines'), 'red{Enter}{Enter}green{Enter}blue')
    await user.click(within(dialog).getByTestId('wildcard-save'))
    expect(within(dialog).getByTestId('wildcard-problem').textContent).toMatch(/^Name: /)
    // What was written is still there to fix.
    expect((within(dialog).getByTestId('wildcard-lines') as HTMLTextAreaElement).value).toBe('red\n\ngreen\nblue')
    await user.clear(within(dialog).getByTestId('wildcard-name'))
    await user.type(within(dialog).getByTestId('wildcard-name'), 'colours')
    await user.click(within(dialog).getByTestId('wildcard-save'))
    expect(useWildcardLists.getState().lists).toEqual({ colours: ['red', 'green', 'blue'] })
    expect(within(dialog).getByTestId('wildcard-list').textContent).toContain('3 lines: red, green, blue')
    // I3 costs 8 a job: one job per colour.
    await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('24 credits'))
  })

  it('are removed from the dialog', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a car')
    useWildcardLists.getState().save('moods', ['calm', 'stormy'])
    await user.click(screen.getByTestId('wildcard-open'))
    const dialog = await screen.findByTestId('wildcard-dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Remove __moods__' }))
    expect(useWildcardLists.getState().lists).toEqual({})
  })
})
