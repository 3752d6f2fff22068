// Deterministic media generators for the demo service: real PNG/JPEG/WebP images,
// WebM (VP8) videos and WAV music, all derived from (prompt, seed).
export { renderImage } from './image'
export { imageSizeFor, parseAspectRatio } from './dimensions'
export { renderGrid } from './grid'
export { renderVideo } from './video'
export { renderAudio } from './audio'
