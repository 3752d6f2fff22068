// What the import says about a file it leaves out, in one place: each is a whole sentence
// (with the one value it names), in main's language when the file is left out.
import { tm } from '../i18n/main-i18n'
import { MAX_IMPORT_BYTES } from './import-limits'

const MIB = 1024 * 1024

export const SKIP = {
  get link() {
    return tm('main:importSkip.link')
  },
  get special() {
    return tm('main:importSkip.special')
  },
  get empty() {
    return tm('main:importSkip.empty')
  },
  get tooLarge() {
    return tm('main:importSkip.tooLarge', { mib: MAX_IMPORT_BYTES / MIB })
  },
  get notMedia() {
    return tm('main:importSkip.notMedia')
  },
  notPicture: (kind: string) => tm('main:importSkip.notPicture', { kind }),
  get damaged() {
    return tm('main:importSkip.damaged')
  },
  get removed() {
    return tm('main:importSkip.removed')
  },
  get copyMismatch() {
    return tm('main:importSkip.copyMismatch')
  },
  unreadable: (why: string) => tm('main:importSkip.unreadable', { reason: why }),
  unwritable: (why: string) => tm('main:importSkip.unwritable', { reason: why })
}
