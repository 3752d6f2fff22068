// The uniform grid's geometry: how many columns of tiles of about `tileSize` pixels fit a
// width, and how tall a row is (the square picture plus its two-line caption).
export const GRID_GAP = 14
/** The caption under a tile: a prompt line and a model line, with the gap above them. */
export const CAPTION_HEIGHT = 44
export const TILE_SIZES = { min: 120, max: 360, initial: 200 }

export interface GridLayout {
  columns: number
  tileWidth: number
  rowHeight: number
}

export function gridLayout(width: number, tileSize: number, gap = GRID_GAP): GridLayout {
  const columns = Math.max(1, Math.floor((width + gap) / (tileSize + gap)))
  // Tiles stretch to fill the row, so the grid never leaves a ragged right edge.
  const tileWidth = Math.max(1, (width - gap * (columns - 1)) / columns)
  return { columns, tileWidth, rowHeight: Math.round(tileWidth + CAPTION_HEIGHT + gap) }
}
