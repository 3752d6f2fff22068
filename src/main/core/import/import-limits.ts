// Bounds of an import: how large a picture it takes, and how many it copies at once.

/** Pictures are read whole (to hash, read and copy them in one pass); none is near this. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024
/** Files imported at the same time: the work is mostly waiting for the disk to flush, so more than the cores. */
export const IMPORT_CONCURRENCY = 8
