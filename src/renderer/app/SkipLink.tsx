// The first Tab stop: past the sidebar's navigation straight to the view. Focus goes to the
// view itself, so the next Tab reaches the view's first control.
import type { MouseEvent } from 'react'
import { useTranslation } from '../i18n/page-i18n'

export const MAIN_ID = 'main'

function focusMain(e: MouseEvent<HTMLAnchorElement>) {
  // The page's address keeps no fragment: focus is all the link needs to move.
  e.preventDefault()
  document.getElementById(MAIN_ID)?.focus()
}

export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={focusMain} data-testid="skip-link">
      {t('shell:skipToMain')}
    </a>
  )
}
