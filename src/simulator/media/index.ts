// Deterministic media generators for the demo service: real PNG/JPEG/WebP images,
// WebM (VP8) videos and WAV music, all derived from (prompt, seed).
export { renderImage, MAX_RENDER_SIDE } from './image'
export type { ImageFormat, RenderImageOptions } from './image'
export { imageSizeFor, nominalSizeFor, parseAspectRatio, fitWithin, MEGAPIXEL, DEFAULT_MAX_SIDE } from './dimensions'
export type { ImageSize, SizeParams } from './dimensions'
export { renderGrid } from './grid'
export type { GridOptions } from './grid'
export { renderVideo, vp8FromWebp, VIDEO_DEFAULT_FPS, VIDEO_DEFAULT_MAX_SIDE, VIDEO_MAX_SECONDS } from './video'
export type { RenderVideoOptions } from './video'
export { muxWebmVp8 } from './webm'
export type { WebmVideo } from './webm'
export { renderAudio, AUDIO_SAMPLE_RATE, AUDIO_MAX_SECONDS } from './audio'
export type { RenderAudioOptions } from './audio'
