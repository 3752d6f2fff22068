// Which input a tool result was made from, and which results compare with it.
import { describe, expect, it } from 'vitest'
import { isToolResult, sourceInputOf } from '../../../../src/renderer/components/results/entry-source'
import type { LibraryInput } from '../../../../src/shared/app/views'

const input = (over: Partial<LibraryInput>): LibraryInput => ({ field: 'e1Params.image', fileName: 'a.png', path: 'inputs/a.png', sha256: 'a', bytes: 1, mime: 'image/png', ...over })

describe('a result\'s source', () => {
  it('is the image it was made from, never its mask', () => {
    const mask = input({ field: 'e1Params.mask', fileName: 'painted-mask.png', sha256: 'm' })
    const image = input({ fileName: 'photo.png' })
    expect(sourceInputOf({ inputs: [mask, image] })).toBe(image)
    expect(sourceInputOf({ inputs: [mask] })).toBeNull()
  })

  it('prefers the input that came from the library', () => {
    const fromDisk = input({ field: 'x1Params.reference', fileName: 'disk.png' })
    const fromLibrary = input({ field: 'x1Params.image', sourceJobId: 'job-1', sourceIndex: 0 })
    expect(sourceInputOf({ inputs: [fromDisk, fromLibrary] })).toBe(fromLibrary)
  })

  it('compares before/after only for the image tools', () => {
    expect(isToolResult({ model: 'e1-1', modality: 'image' })).toBe(true)
    expect(isToolResult({ model: 'u1-1', modality: 'image' })).toBe(true)
    expect(isToolResult({ model: 'b1-1', modality: 'image' })).toBe(true)
    expect(isToolResult({ model: 'i1-1', modality: 'image' })).toBe(false)
    expect(isToolResult({ model: 'not-a-model', modality: 'image' })).toBe(false)
  })
})
