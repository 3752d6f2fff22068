// Every action on a result with its keyboard shortcut, in the order the menu and the
// palette list them. One table, so the menu, the card's keys and the palette agree.
import type { SendAction } from './result-plans'

export type ResultAction = SendAction | 'use-as-input'

export interface ActionKey {
  action: ResultAction
  /** `KeyboardEvent.key`, lower case for letters. */
  key: string
  shift: boolean
  group: 'vary' | 'reframe' | 'finish' | 'reuse'
}

export const ACTION_KEYS: readonly ActionKey[] = [
  { action: 'vary-subtle', key: 'v', shift: false, group: 'vary' },
  { action: 'vary-strong', key: 'v', shift: true, group: 'vary' },
  { action: 'vary-region', key: 'r', shift: false, group: 'vary' },
  { action: 'zoom-1.5', key: 'z', shift: false, group: 'reframe' },
  { action: 'zoom-2', key: 'z', shift: true, group: 'reframe' },
  { action: 'square', key: 'q', shift: false, group: 'reframe' },
  { action: 'pan-left', key: 'ArrowLeft', shift: true, group: 'reframe' },
  { action: 'pan-right', key: 'ArrowRight', shift: true, group: 'reframe' },
  { action: 'pan-up', key: 'ArrowUp', shift: true, group: 'reframe' },
  { action: 'pan-down', key: 'ArrowDown', shift: true, group: 'reframe' },
  { action: 'upscale-2', key: 'u', shift: false, group: 'finish' },
  { action: 'upscale-4', key: 'u', shift: true, group: 'finish' },
  { action: 'remove-background', key: 'b', shift: false, group: 'finish' },
  { action: 'animate', key: 'a', shift: false, group: 'finish' },
  { action: 'use-as-input', key: 'i', shift: false, group: 'reuse' }
]

const ARROWS: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' }

/** The key as the menu shows it: "V", "⇧V", "⇧←". */
export function keyLabel(k: ActionKey): string {
  const key = ARROWS[k.key] ?? k.key.toUpperCase()
  return k.shift ? `⇧${key}` : key
}

/** For `aria-keyshortcuts`: "Shift+V", "Shift+ArrowLeft". */
export function ariaKeys(k: ActionKey): string {
  const key = k.key.length === 1 ? k.key.toUpperCase() : k.key
  return k.shift ? `Shift+${key}` : key
}

/** The action a key press asks for; none with Ctrl, Alt or Meta held (the browser's and the app's own). */
export function actionForKey(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'>): ResultAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
  return ACTION_KEYS.find((k) => k.key === key && k.shift === e.shiftKey)?.action ?? null
}
