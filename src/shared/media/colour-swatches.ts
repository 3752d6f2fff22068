// The colours the gallery's colour filter offers as swatches (the hues a creator names, with
// white, grey and black). The library index keeps, for each, the entries showing it
// (main/core/library/index/colour-swatches), so filtering by a swatch, alone or with other
// filters, reads only its matches; any other colour is matched palette by palette.
export const COLOUR_SWATCHES = ['#d8302c', '#ee8a2a', '#f0cf3a', '#4caf50', '#2bb3b1', '#2f6fdf', '#7a48c8', '#e46aa8', '#8a5a3c', '#f4f4f2', '#8c8c8c', '#161616'] as const
