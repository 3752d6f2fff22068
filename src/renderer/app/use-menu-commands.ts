// What the desktop app's menu asks of the page (`menu.command` events from main): File →
// New Generation opens Create on an empty form and puts the cursor in its prompt; the
// others open their view.
import { useEffect } from 'react'
import type { EventPayload } from '../../shared/contract'
import { onEvent } from '../api/client'
import { useDrafts } from '../stores/drafts'
import { useNavigation } from '../stores/navigation'
import { usePalette } from '../stores/palette'
import { focusChosenModel } from './palette/focus-chosen-model'

type MenuCommand = EventPayload<'menu.command'>['command']

const ACTIONS: Record<MenuCommand, () => void> = {
  'new-generation': () => {
    usePalette.getState().setOpen(false)
    useDrafts.getState().startFresh('create')
    useNavigation.getState().go('create')
    focusChosenModel('create')
  },
  'open-settings': () => useNavigation.getState().go('settings'),
  'open-gallery': () => useNavigation.getState().go('gallery')
}

function runMenuCommand(command: MenuCommand): void {
  ACTIONS[command]()
}

export function useMenuCommands(): void {
  useEffect(() => onEvent('menu.command', ({ command }) => runMenuCommand(command)), [])
}
