// The webhook port's own message, short enough for its narrow box: the schema's generic
// number errors ("expected number, received string") read poorly there.
import type { ValidationDetails } from '../../../shared/api'
import { t } from '../../i18n/page-i18n'

const isPort = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535

/** `undefined` is "not loaded yet", not a mistake; an emptied box arrives as ''. */
export function webhookPortDetails(value: unknown): ValidationDetails {
  return value === undefined || isPort(value) ? {} : { webhookPort: [t('settings:service.webhookPortError', { min: '0', max: '65535' })] }
}

/** The port to name in the tunnel instructions: a fixed one, else a placeholder. */
export function tunnelPortLabel(value: unknown): string {
  return isPort(value) && value > 0 ? String(value) : t('settings:service.portPlaceholder')
}
