// Demo music generation: a short loop-based tune written straight to a 16-bit mono WAV.
// Tempo, key, scale, chord progression and melody all come from (prompt, seed); the
// melody is a pair of two-bar phrases arranged A A B A so it sounds composed rather
// than random. Without `instrumental` a soft wordless "ooh" voice is added.
import { between, intBetween, pick, rngFor } from './random'
import type { Rng } from './random'
import { Mixer } from './synth'

export const AUDIO_SAMPLE_RATE = 22050
export const AUDIO_MAX_SECONDS = 600

export interface RenderAudioOptions {
  prompt: string
  seed: number
  durationSeconds: number
  /** No voice line when true. Default false. */
  instrumental?: boolean
  /** Samples per second; 22050 by default, 8000..22050 allowed. */
  sampleRate?: number
}

const MAJOR = [0, 2, 4, 5, 7, 9, 11]
const MINOR = [0, 2, 3, 5, 7, 8, 10]
const PENTATONIC = { major: [0, 2, 4, 7, 9], minor: [0, 3, 5, 7, 10] }
// Chord roots as scale degrees (0 = tonic), one chord per bar.
const PROGRESSIONS = [[0, 4, 5, 3], [0, 5, 3, 4], [0, 3, 4, 4], [5, 3, 0, 4], [0, 3, 0, 4], [0, 5, 1, 4]]

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12)

/** MIDI note of scale degree `degree` (may exceed the octave) above `root`. */
function degreeToMidi(scale: number[], root: number, degree: number): number {
  const octave = Math.floor(degree / scale.length)
  const step = scale[((degree % scale.length) + scale.length) % scale.length] ?? 0
  return root + octave * 12 + step
}

/** A two-bar phrase of 16 eighth-note slots: a scale degree, a rest (null), or 'hold' to lengthen the note before. */
type Slot = number | null | 'hold'

function makePhrase(rng: Rng, scaleLength: number, start: number): Slot[] {
  const slots: Slot[] = []
  let degree = start
  const top = scaleLength * 2
  while (slots.length < 16) {
    if (slots.length > 0 && rng() < 0.18) {
      slots.push(null)
      continue
    }
    degree = Math.min(top, Math.max(0, degree + pick(rng, [-2, -1, -1, 0, 1, 1, 2])))
    slots.push(degree)
    if (slots.length < 16 && rng() < 0.35) slots.push('hold')
  }
  slots[15] = 'hold' // breathe at the end of each phrase
  return slots
}

export function renderAudio(opts: RenderAudioOptions): Buffer {
  const sampleRate = Math.round(opts.sampleRate ?? AUDIO_SAMPLE_RATE)
  if (!(sampleRate >= 8000 && sampleRate <= 22050)) throw new RangeError(`sampleRate must be 8000..22050 (got ${sampleRate})`)
  const duration = opts.durationSeconds
  if (!Number.isFinite(duration) || duration <= 0 || duration > AUDIO_MAX_SECONDS) {
    throw new RangeError(`durationSeconds must be above 0 and at most ${AUDIO_MAX_SECONDS} (got ${duration})`)
  }
  const rng = rngFor(opts.prompt, opts.seed, 'music')
  const bpm = intBetween(rng, 84, 128)
  const beat = 60 / bpm
  const eighth = beat / 2
  const minor = rng() < 0.5
  const chordScale = minor ? MINOR : MAJOR
  const melodyScale = rng() < 0.5 ? chordScale : minor ? PENTATONIC.minor : PENTATONIC.major
  const root = intBetween(rng, 50, 58) // around D3..A#3
  const progression = pick(rng, PROGRESSIONS)
  const phraseA = makePhrase(rng, melodyScale.length, intBetween(rng, 2, melodyScale.length))
  const phraseB = makePhrase(rng, melodyScale.length, intBetween(rng, 3, melodyScale.length + 2))
  const drums = rng() < 0.75
  const brightness = between(rng, 0.3, 0.7)

  const mixer = new Mixer(sampleRate, duration)
  const bars = Math.ceil(duration / (4 * beat))
  for (let bar = 0; bar < bars; bar++) {
    const barStart = bar * 4 * beat
    const chordDegree = progression[bar % progression.length] ?? 0
    const chord = [0, 2, 4].map((k) => degreeToMidi(chordScale, root, chordDegree + k))
    const chordRoot = chord[0] ?? root
    for (const note of chord) mixer.pad(barStart, 4 * beat, midiToHz(note), 0.05)
    mixer.bass(barStart, 2 * beat, midiToHz(chordRoot - 12), 0.22)
    mixer.bass(barStart + 2 * beat, 2 * beat, midiToHz(chordRoot - 12 + (rng() < 0.3 ? 7 : 0)), 0.2)
    if (drums) {
      mixer.kick(barStart, 0.35)
      mixer.kick(barStart + 2 * beat, 0.3)
      for (let e = 0; e < 8; e++) mixer.hat(barStart + e * eighth, e % 2 === 0 ? 0.05 : 0.03)
    }
    if (!opts.instrumental && bar % 2 === 0) {
      const target = chord[bar % 4 === 0 ? 1 : 2] ?? chordRoot
      mixer.voice(barStart, 8 * beat, midiToHz(target + 12), 0.1)
    }
    // Melody: phrases span two bars; the song goes A A B A and repeats.
    const phrase = [phraseA, phraseA, phraseB, phraseA][Math.floor(bar / 2) % 4] ?? phraseA
    const half = (bar % 2) * 8
    for (let e = 0; e < 8; e++) {
      const slot = phrase[half + e]
      if (typeof slot !== 'number') continue
      let length = 1
      while (half + e + length < 16 && phrase[half + e + length] === 'hold') length++
      const midi = degreeToMidi(melodyScale, root + 12, slot)
      mixer.pluck(barStart + e * eighth, length * eighth, midiToHz(midi), 0.2, brightness)
    }
  }
  return mixer.toWav()
}
