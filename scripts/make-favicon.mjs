// Writes marketing/public/favicon.ico: the logo (marketing/public/favicon.svg) drawn at 16 and 32 px,
// for the browsers and tools that ask for /favicon.ico whatever the page links. Run it after changing
// the logo: `node scripts/make-favicon.mjs`. The shapes below are the SVG's, in its 32-unit box.
import { writeFileSync } from 'node:fs'

const BRAND = [0x37, 0x30, 0xa3]
const CENTER = [15.93, 16.71] // the arc's centre: radius 8 through (22, 11.5) and (23.6, 19)
const GAP = [-40.6, 16.6] // the arc leaves this angle range (degrees, y down) open on the right
const HALF_STROKE = 1.5

function insideRoundedSquare(x, y) {
  const r = 8
  const cx = Math.min(Math.max(x, r), 32 - r)
  const cy = Math.min(Math.max(y, r), 32 - r)
  return x >= 0 && y >= 0 && x <= 32 && y <= 32 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

function distanceToSegment(x, y, [ax, ay], [bx, by]) {
  const t = Math.max(
    0,
    Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  )
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)))
}

function onArc(x, y) {
  const angle = (Math.atan2(y - CENTER[1], x - CENTER[0]) * 180) / Math.PI
  if (angle > GAP[0] && angle < GAP[1]) return false
  return Math.abs(Math.hypot(x - CENTER[0], y - CENTER[1]) - 8) <= HALF_STROKE
}

function onArrow(x, y) {
  return (
    distanceToSegment(x, y, [23.5, 6.5], [23.5, 12.5]) <= HALF_STROKE ||
    distanceToSegment(x, y, [23.5, 12.5], [17.5, 12.5]) <= HALF_STROKE
  )
}

/** BGRA rows, bottom-up, 4×4 samples per pixel. */
function draw(size) {
  const pixels = Buffer.alloc(size * size * 4)
  const samples = 4
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      let cover = 0
      let white = 0
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((col + (sx + 0.5) / samples) * 32) / size
          const y = ((row + (sy + 0.5) / samples) * 32) / size
          if (!insideRoundedSquare(x, y)) continue
          cover += 1
          if (onArc(x, y) || onArrow(x, y)) white += 1
        }
      }
      const n = samples * samples
      const mix = cover === 0 ? 0 : white / cover
      const offset = ((size - 1 - row) * size + col) * 4
      pixels[offset] = Math.round(BRAND[2] + (255 - BRAND[2]) * mix)
      pixels[offset + 1] = Math.round(BRAND[1] + (255 - BRAND[1]) * mix)
      pixels[offset + 2] = Math.round(BRAND[0] + (255 - BRAND[0]) * mix)
      pixels[offset + 3] = Math.round((255 * cover) / n)
    }
  }
  const header = Buffer.alloc(40)
  header.writeUInt32LE(40, 0)
  header.writeInt32LE(size, 4)
  header.writeInt32LE(size * 2, 8) // colour rows and the (empty) AND mask
  header.writeUInt16LE(1, 12)
  header.writeUInt16LE(32, 14)
  const maskRow = Math.ceil(size / 32) * 4
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * size)])
}

const images = [16, 32].map((size) => ({ size, data: draw(size) }))
const directory = Buffer.alloc(6 + 16 * images.length)
directory.writeUInt16LE(0, 0)
directory.writeUInt16LE(1, 2)
directory.writeUInt16LE(images.length, 4)
let offset = directory.length
images.forEach(({ size, data }, index) => {
  const entry = 6 + index * 16
  directory.writeUInt8(size, entry)
  directory.writeUInt8(size, entry + 1)
  directory.writeUInt16LE(1, entry + 4)
  directory.writeUInt16LE(32, entry + 6)
  directory.writeUInt32LE(data.length, entry + 8)
  directory.writeUInt32LE(offset, entry + 12)
  offset += data.length
})
const target = new URL('../marketing/public/favicon.ico', import.meta.url)
writeFileSync(target, Buffer.concat([directory, ...images.map((image) => image.data)]))
console.log(`wrote ${target.pathname}`)
