// A library move under way: its progress (from main's events) and how it ended.
import { create } from 'zustand'
import type { EventPayload } from '../../shared/contract'
import { call } from '../api/client'
import { t } from '../i18n/page-i18n'

type Progress = EventPayload<'library.moveProgress'>

interface LibraryMoveState {
  moving: boolean
  progress: Progress | null
  result: { ok: boolean; message: string } | null
  /** Field messages for the new folder's path. */
  errors: string[]
  move(to: string): Promise<boolean>
  setProgress(p: Progress): void
}

export const useLibraryMove = create<LibraryMoveState>((set) => ({
  moving: false,
  progress: null,
  result: null,
  errors: [],
  async move(to) {
    set({ moving: true, progress: null, result: null, errors: [] })
    const r = await call('library.move', { to })
    if (r.ok) {
      set({ moving: false, result: { ok: true, message: t('settings:library.moved', { files: r.data.files, dir: r.data.libraryDir }) } })
      return true
    }
    set({ moving: false, errors: r.error.details?.to ?? [], result: r.error.details?.to ? null : { ok: false, message: r.error.message } })
    return false
  },
  setProgress(progress) {
    set({ progress })
  }
}))
