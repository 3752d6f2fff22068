// The gallery's layout: rows that keep each picture's aspect ratio, or the square grid.
import { useTranslation } from '../../i18n/page-i18n'
import { Tabs } from '../../ui/Tabs'
import type { GalleryLayout } from './justified-rows'

export function LayoutToggle({ value, onChange }: { value: GalleryLayout; onChange(layout: GalleryLayout): void }) {
  const { t } = useTranslation()
  return (
    <Tabs<GalleryLayout>
      label={t('gallery:layout.label')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'justified', label: t('gallery:layout.justified'), testId: 'layout-justified' },
        { value: 'grid', label: t('gallery:layout.grid'), testId: 'layout-grid' }
      ]}
    />
  )
}
