// Bounds of an import: how large a picture it takes, and how many it copies at once.

/** Pictures are read whole (to hash, read and copy them in one pass); none is near this. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024
/** Files imported at the same time: enough to keep the disk and sharp's threads busy. */
export const IMPORT_CONCURRENCY = 4
