// Renders the app icon (resources/icon.png, 512x512) from the SVG below, so the icon is
// made by the project and never fetched. electron-builder derives the .ico and .icns
// from this PNG. Run: node scripts/make-icon.mjs
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const SIZE = 512
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'icon.png')

// A rounded tile with a picture frame (images), a play triangle (video) and a note
// (music): the three things the app makes.
const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5b5bf6"/>
      <stop offset="1" stop-color="#c026d3"/>
    </linearGradient>
    <linearGradient id="glow" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect x="24" y="24" width="464" height="464" rx="104" fill="url(#bg)"/>
  <rect x="24" y="24" width="464" height="232" rx="104" fill="url(#glow)"/>
  <rect x="104" y="128" width="232" height="184" rx="28" fill="none" stroke="#ffffff" stroke-width="22"/>
  <path d="M120 292 L184 222 L232 270 L262 240 L322 296" fill="none" stroke="#ffffff" stroke-width="18" stroke-linejoin="round" stroke-linecap="round"/>
  <circle cx="278" cy="180" r="20" fill="#ffffff"/>
  <circle cx="352" cy="352" r="88" fill="#ffffff"/>
  <path d="M330 306 L404 352 L330 398 Z" fill="#8b3ef0"/>
  <path d="M150 352 v70 m0 -70 l44 -12 v62" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="138" cy="424" r="16" fill="#ffffff"/>
  <circle cx="182" cy="412" r="16" fill="#ffffff"/>
</svg>`

mkdirSync(dirname(out), { recursive: true })
const info = await sharp(Buffer.from(svg)).resize(SIZE, SIZE).png({ compressionLevel: 9 }).toFile(out)
console.log(`wrote ${out} (${info.width}x${info.height}, ${info.size} bytes)`)
