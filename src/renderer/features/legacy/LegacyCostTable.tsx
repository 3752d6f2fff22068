// The legacy price table of the chosen model, with the chosen cell marked.
import { legacyCost, type LegacyModel } from '../../../shared/api'
import { formatNumber } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'

const RESOLUTIONS = ['480p', '720p', '1080p'] as const
const DURATIONS = [4, 8, 12] as const

interface LegacyCostTableProps {
  model: LegacyModel
  resolution: (typeof RESOLUTIONS)[number]
  duration: (typeof DURATIONS)[number]
  audio: boolean
}

export function LegacyCostTable({ model, resolution, duration, audio }: LegacyCostTableProps) {
  const { t } = useTranslation()
  // Named as in the model picker ("Model A"), not by its id.
  const name = model.replace(/^lv-/, '').toUpperCase()
  return (
    <table className="cost-table" data-testid="legacy-cost-table">
      <caption>
        {audio ? t('legacy:table.captionAudio', { model: name }) : t('legacy:table.caption', { model: name })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('legacy:table.resolution')}</th>
          {DURATIONS.map((d) => (
            <th key={d} scope="col">
              {t('legacy:table.seconds', { seconds: d })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {RESOLUTIONS.map((r) => (
          <tr key={r}>
            <th scope="row" translate="no">{r}</th>
            {DURATIONS.map((d) => {
              const cost = legacyCost({ model, resolution: r, duration: d, generate_audio: audio })
              const chosen = r === resolution && d === duration
              return (
                <td key={d} className={chosen ? 'is-chosen' : cost === null ? 'is-na' : undefined} aria-current={chosen || undefined}>
                  {cost === null ? '—' : formatNumber(cost)}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
