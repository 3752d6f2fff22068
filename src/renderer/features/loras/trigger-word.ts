// A LoRA's trigger word is what makes its look appear: "Generate with this LoRA" puts it
// at the front of the prompt, once, unless the prompt already has it as a word.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Whether `prompt` has `word` on its own (any case), not just inside a longer word. */
function hasWord(prompt: string, word: string): boolean {
  return new RegExp(`(^|[^\\p{L}\\p{N}_])${escapeRegExp(word)}($|[^\\p{L}\\p{N}_])`, 'iu').test(prompt)
}

export function withTriggerWord(prompt: string, triggerWord: string | null | undefined): string {
  const word = triggerWord?.trim()
  if (!word || hasWord(prompt, word)) return prompt
  return prompt.trim() === '' ? `${word}, ` : `${word}, ${prompt}`
}
