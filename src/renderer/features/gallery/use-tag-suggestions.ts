// The library's tags that begin with what is typed, most used first, with how many entries
// carry each: asked of main once the typing pauses, and the answer to an older prefix is
// dropped when a newer one was asked.
import { useEffect, useState } from 'react'
import type { TagCount } from '../../../shared/app/tags'
import { call } from '../../api/client'

const PAUSE_MS = 120
const SHOWN = 8

export function useTagSuggestions(prefix: string, open: boolean): TagCount[] {
  const [suggestions, setSuggestions] = useState<TagCount[]>([])
  useEffect(() => {
    if (!open) return
    let current = true
    const timer = setTimeout(() => {
      void call('tags.suggest', { prefix: prefix.trim(), limit: SHOWN }).then((r) => {
        if (current && r.ok) setSuggestions(r.data)
      })
    }, PAUSE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [prefix, open])
  return suggestions
}
