// Probing and thumbnails for the offline library: what a file is, how big and long it
// is, and a small preview picture, all from the file's bytes and without ffmpeg.
export { probeMedia } from './probe'
export type { MediaProbe } from './probe'
export { makeThumbnail, webpFromVp8, DEFAULT_THUMBNAIL_SIDE } from './thumbnail'
