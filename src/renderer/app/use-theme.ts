// Puts the theme setting on <html data-theme>, where the design tokens read it; until
// the settings load, the tokens' default (dark) holds.
import { useEffect } from 'react'
import { useApp } from '../stores/app'

export function useTheme(): void {
  const theme = useApp((s) => s.settings?.theme)
  useEffect(() => {
    if (theme) document.documentElement.dataset.theme = theme
  }, [theme])
}
