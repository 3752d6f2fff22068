// Tags: the user's own words on library entries. A tag is kept as the user wrote it
// (trimmed, inner runs of spaces made one) and matched without regard to case: "Portrait"
// and "portrait" are one tag, and the library's vocabulary gives each tag the spelling it
// was first written with. Entry files keep the tags (the truth); a tags field an entry
// file carries in another shape is read as far as it can be (see `storedTagsSchema`).
import { z } from 'zod'

/** A tag's length at most, in characters. */
export const MAX_TAG_CHARS = 64
/** Tags one entry carries at most. */
export const MAX_TAGS_PER_ENTRY = 100
/** Tags one change (add or remove) or one filter names at most. */
export const MAX_TAGS_PER_REQUEST = 50

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const SPACES = /\s+/g

export const TAG_MESSAGES = {
  empty: 'A tag needs at least one letter or digit',
  tooLong: `A tag is at most ${MAX_TAG_CHARS} characters`,
  control: 'A tag must not contain control characters (line breaks, tabs…)',
  notText: 'A tag is text',
  tooManyInRequest: `At most ${MAX_TAGS_PER_REQUEST} tags at once`,
  tooManyOnEntry: (jobId: string) => `${jobId} would carry more than ${MAX_TAGS_PER_ENTRY} tags`,
  nothingToChange: 'Name at least one tag to add or remove'
} as const

/** The tag as kept: Unicode NFC, trimmed, inner runs of spaces made one. */
export function normaliseTag(text: string): string {
  return text.normalize('NFC').replace(SPACES, ' ').trim()
}

/** What two tags are compared by: the same key is the same tag. */
export function tagKey(tag: string): string {
  return normaliseTag(tag).toLowerCase()
}

/** Why a tag as written cannot be kept, or null when it can (after `normaliseTag`). */
export function tagProblem(text: string): string | null {
  if (CONTROL.test(text)) return TAG_MESSAGES.control
  const tag = normaliseTag(text)
  if (tag === '') return TAG_MESSAGES.empty
  if ([...tag].length > MAX_TAG_CHARS) return TAG_MESSAGES.tooLong
  return null
}

/** One tag from the page: checked, then normalised. */
export const tagSchema = z
  .string({ error: TAG_MESSAGES.notText })
  .max(MAX_TAG_CHARS * 4, TAG_MESSAGES.tooLong)
  .superRefine((text, ctx) => {
    const problem = tagProblem(text)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform(normaliseTag)

/** The distinct tags of a list, by key, the first spelling of each kept. */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>()
  for (const tag of tags) if (!seen.has(tagKey(tag))) seen.set(tagKey(tag), tag)
  return [...seen.values()]
}

/** Tags in a request (a change or a filter): each checked, at most MAX_TAGS_PER_REQUEST, made distinct. */
export const tagListSchema = z.array(tagSchema).max(MAX_TAGS_PER_REQUEST, TAG_MESSAGES.tooManyInRequest).transform(distinctTags)

/**
 * An entry file's tags, read as far as they can be: a field of another shape is no tags,
 * an item that is not a tag is left out, and at most MAX_TAGS_PER_ENTRY are kept. Repair
 * sees the difference from the file (see `storedTagsDiffer`) and heals the file.
 */
export const storedTagsSchema = z.preprocess((value) => {
  if (!Array.isArray(value)) return []
  const readable = value.filter((t): t is string => typeof t === 'string' && tagProblem(t) === null).map(normaliseTag)
  return distinctTags(readable).slice(0, MAX_TAGS_PER_ENTRY)
}, z.array(z.string()))

/** True when an entry file's raw tags field is not exactly what reading it keeps (so the file needs healing). */
export function storedTagsDiffer(raw: unknown, kept: readonly string[] | undefined): boolean {
  if (raw === undefined) return false
  return JSON.stringify(raw) !== JSON.stringify(kept ?? [])
}

/** A tag of the library's vocabulary, with how many entries carry it. */
export const tagCountSchema = z.object({ name: z.string(), count: z.number().int() })
export type TagCount = z.infer<typeof tagCountSchema>

/** Suggestions at most in one answer. */
export const MAX_TAG_SUGGESTIONS = 50

export const tagSuggestInputSchema = z.strictObject({
  /** What has been typed of the tag; empty for the most used tags. */
  prefix: z.string().max(MAX_TAG_CHARS * 4, TAG_MESSAGES.tooLong).refine((p) => !CONTROL.test(p), TAG_MESSAGES.control).default(''),
  limit: z.number().int().min(1).max(MAX_TAG_SUGGESTIONS).optional()
})
