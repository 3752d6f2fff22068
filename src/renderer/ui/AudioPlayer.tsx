// A player for a generated track. Chromium's own controls read "0:00 / 0:00" until the file's
// metadata arrives, which beside a "0:30" badge looks like an empty file; this player shows
// the length the library already knows until the audio element reports its own.
import { useRef, useState } from 'react'
import { formatSeconds } from '../format/numbers'
import { useTranslation } from '../i18n/page-i18n'

interface AudioPlayerProps {
  src: string
  /** The length recorded with the output, shown until the file's metadata is read. */
  knownSeconds: number | null | undefined
  label: string
  className?: string
  'data-testid'?: string
}

/** The total to show: the element's own duration once it is a real number, else the known one. */
export function audioTotal(elementDuration: number, knownSeconds: number | null | undefined): number | null {
  if (Number.isFinite(elementDuration) && elementDuration > 0) return elementDuration
  return knownSeconds && knownSeconds > 0 ? knownSeconds : null
}

export function AudioPlayer({ src, knownSeconds, label, className, 'data-testid': testId }: AudioPlayerProps) {
  const { t } = useTranslation()
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [current, setCurrent] = useState(0)
  const [elementDuration, setElementDuration] = useState(Number.NaN)
  const total = audioTotal(elementDuration, knownSeconds)

  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (el.paused) void el.play().catch(() => setPlaying(false))
    else el.pause()
  }

  return (
    <div className={`audio-player${className ? ` ${className}` : ''}`} role="group" aria-label={t('common:kit.audio.player', { label })}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- generated music comes with no captions to offer; its prompt names it (aria-label) */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        aria-label={label}
        data-testid={testId}
        onLoadedMetadata={(e) => setElementDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setElementDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <button type="button" className="audio-toggle" onClick={toggle} aria-label={t(playing ? 'common:kit.audio.pause' : 'common:kit.audio.play')} data-testid="audio-toggle">
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5v14l11-7z" />}
        </svg>
      </button>
      <input
        type="range"
        className="audio-seek"
        min={0}
        max={total ?? 0}
        step={0.1}
        value={Math.min(current, total ?? 0)}
        disabled={total === null}
        aria-label={t('common:kit.audio.position')}
        aria-valuetext={formatSeconds(current)}
        onChange={(e) => {
          const el = audio.current
          if (el) el.currentTime = Number(e.target.value)
          setCurrent(Number(e.target.value))
        }}
      />
      <span className="audio-time" data-testid="audio-time">
        {formatSeconds(current)}
        {total !== null ? ` / ${formatSeconds(total)}` : ''}
      </span>
    </div>
  )
}
