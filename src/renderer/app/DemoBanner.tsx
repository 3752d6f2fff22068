import { useApp } from '../stores/app'
import { useNavigation } from '../stores/navigation'
import { Button } from '../ui/Button'
import { Trans, useTranslation } from '../i18n/page-i18n'

export function DemoBanner() {
  const { t } = useTranslation()
  const mode = useApp((s) => s.info?.mode)
  const go = useNavigation((s) => s.go)
  if (mode !== 'demo') return null
  return (
    <div className="banner banner-demo" data-testid="demo-banner" role="note">
      <span>
        <Trans t={t} i18nKey="shell:demo.banner" components={{ strong: <strong /> }} />
      </span>
      <Button size="sm" variant="primary" onClick={() => go('settings')} data-testid="demo-banner-settings">
        {t('shell:demo.connect')}
      </Button>
    </div>
  )
}
