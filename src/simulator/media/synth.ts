// A tiny additive synthesiser for the demo music: a handful of instrument voices mixed
// into one float buffer, then written as 16-bit PCM WAV. Oscillators read a sine table
// rather than calling Math.sin per sample: a 30 s tune renders in under 0.2 s.

const TABLE_BITS = 12
const TABLE_SIZE = 1 << TABLE_BITS
const TABLE_MASK = TABLE_SIZE - 1
const SINE = Float32Array.from({ length: TABLE_SIZE }, (_, i) => Math.sin((2 * Math.PI * i) / TABLE_SIZE))

/** sin(2π·cycles) from the table; `cycles` may be any non-negative number. */
function sine(cycles: number): number {
  return SINE[Math.floor(cycles * TABLE_SIZE) & TABLE_MASK] ?? 0
}

export class Mixer {
  private readonly mix: Float32Array

  constructor(private readonly sampleRate: number, durationSeconds: number) {
    this.mix = new Float32Array(Math.max(1, Math.round(durationSeconds * sampleRate)))
  }

  /**
   * Adds `length` seconds of a sound starting at `start`; `sample(t)` gives its value at
   * t seconds after its own start. Parts past the end of the track are dropped.
   */
  private add(start: number, length: number, sample: (t: number) => number): void {
    const first = Math.max(0, Math.round(start * this.sampleRate))
    const last = Math.min(this.mix.length, Math.round((start + length) * this.sampleRate))
    for (let i = first; i < last; i++) {
      this.mix[i] = (this.mix[i] ?? 0) + sample(i / this.sampleRate - start)
    }
  }

  /** Linear attack, optional decay factor, then a linear release after `hold` seconds. */
  private static envelope(t: number, attack: number, hold: number, release: number): number {
    if (t < attack) return t / attack
    if (t < hold) return 1
    return Math.max(0, 1 - (t - hold) / release)
  }

  /** A plucked lead: a few harmonics fading with time; `brightness` 0..1 sets the upper ones. */
  pluck(start: number, hold: number, hz: number, amp: number, brightness: number): void {
    const h2 = brightness, h3 = brightness ** 2, h4 = brightness ** 3
    const norm = amp / (1 + h2 + h3 + h4)
    this.add(start, hold + 0.08, (t) => {
      const p = hz * t
      const tone = sine(p) + h2 * sine(2 * p) + h3 * sine(3 * p) + h4 * sine(4 * p)
      return norm * tone * Math.exp(-2.5 * t) * Mixer.envelope(t, 0.005, hold, 0.08)
    })
  }

  bass(start: number, hold: number, hz: number, amp: number): void {
    this.add(start, hold + 0.06, (t) => {
      const p = hz * t
      return amp * (sine(p) + 0.25 * sine(2 * p)) * Math.exp(-1.2 * t) * Mixer.envelope(t, 0.01, hold, 0.06)
    })
  }

  /** A soft sustained chord tone: two slightly detuned sines beating gently. */
  pad(start: number, hold: number, hz: number, amp: number): void {
    this.add(start, hold + 0.4, (t) =>
      amp * 0.5 * (sine(hz * 0.997 * t) + sine(hz * 1.003 * t)) * Mixer.envelope(t, 0.4, hold, 0.4))
  }

  /** A wordless "ooh": rounded harmonics with a vibrato that arrives after the attack. */
  voice(start: number, hold: number, hz: number, amp: number): void {
    const norm = amp / 1.73
    this.add(start, hold + 0.3, (t) => {
      const depth = 0.006 * Math.min(1, t / 0.6)
      // Phase of a vibrato'd tone: integral of hz·(1 + depth·sin(2π·5.5t)).
      const p = hz * t - (hz * depth / (2 * Math.PI * 5.5)) * Math.cos(2 * Math.PI * 5.5 * t)
      const cyc = p - Math.floor(p)
      const tone = sine(cyc) + 0.5 * sine(2 * cyc) + 0.15 * sine(3 * cyc) + 0.08 * sine(4 * cyc)
      return norm * tone * Mixer.envelope(t, 0.15, hold, 0.3)
    })
  }

  /** A kick drum: a sine sweeping down from ~120 Hz. */
  kick(start: number, amp: number): void {
    this.add(start, 0.2, (t) => {
      const p = 45 * t + (75 / 30) * (1 - Math.exp(-30 * t)) // ∫ 45 + 75·e^(−30t) dt
      return amp * sine(p) * Math.exp(-18 * t)
    })
  }

  /** A closed hi-hat: short high-passed noise. The noise is seeded from the start time, so it is reproducible. */
  hat(start: number, amp: number): void {
    let state = (Math.imul(Math.round(start * this.sampleRate), 0x9e3779b1) + 1) >>> 0 || 1
    let previous = 0
    this.add(start, 0.05, (t) => {
      state ^= state << 13; state >>>= 0
      state ^= state >>> 17
      state ^= state << 5; state >>>= 0
      const noise = state / 2147483648 - 1
      const high = noise - previous
      previous = noise
      return amp * 0.5 * high * Math.exp(-90 * t)
    })
  }

  /** The mix as a PCM 16-bit mono WAV file, faded at both ends and kept below clipping. */
  toWav(): Buffer {
    const n = this.mix.length
    const fadeIn = Math.min(n, Math.round(0.01 * this.sampleRate))
    const fadeOut = Math.min(n, Math.round(Math.min(1.5, (n / this.sampleRate) * 0.2) * this.sampleRate))
    let peak = 0
    for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(this.mix[i] ?? 0))
    const gain = peak > 0.89 ? 0.89 / peak : 1
    const out = Buffer.alloc(44 + n * 2)
    out.write('RIFF', 0, 'latin1')
    out.writeUInt32LE(36 + n * 2, 4)
    out.write('WAVEfmt ', 8, 'latin1')
    out.writeUInt32LE(16, 16) // fmt chunk size
    out.writeUInt16LE(1, 20) // PCM
    out.writeUInt16LE(1, 22) // mono
    out.writeUInt32LE(this.sampleRate, 24)
    out.writeUInt32LE(this.sampleRate * 2, 28) // bytes per second
    out.writeUInt16LE(2, 32) // bytes per sample frame
    out.writeUInt16LE(16, 34) // bits per sample
    out.write('data', 36, 'latin1')
    out.writeUInt32LE(n * 2, 40)
    for (let i = 0; i < n; i++) {
      const fade = Math.min(1, i < fadeIn ? i / fadeIn : 1, i >= n - fadeOut ? (n - 1 - i) / fadeOut : 1)
      const v = (this.mix[i] ?? 0) * gain * fade
      out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32767))), 44 + i * 2)
    }
    return out
  }
}
