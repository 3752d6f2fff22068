// The XMP packet that carries generation settings in JPEG and WebP files: the A1111 text
// and the full request in the app's own namespace, and the prompt as the description
// that photo tools show. The namespace also marks the packet as the app's, so it can be
// found, replaced and stripped again.

export const MEDIAGEN_NS = 'https://mediagen.studio/xmp/1.0/'

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A character reference as text; one naming no character is left as it was written. */
function codePoint(ref: string, code: number): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]{1,8});/gi, (ref, h: string) => codePoint(ref, parseInt(h, 16)))
    .replace(/&#([0-9]{1,8});/g, (ref, d: string) => codePoint(ref, parseInt(d, 10)))
    .replace(/&amp;/g, '&')
}

/** `extra` attributes go on the description (e.g. what was changed to make room for it). */
export function buildXmpPacket(settings: { parameters: string; requestJson: string; prompt: string | null }, extra: Record<string, string> = {}): string {
  const attrs = Object.entries(extra).map(([k, v]) => ` mediagen:${k}="${escapeXml(v)}"`).join('')
  const description = settings.prompt
    ? `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(settings.prompt)}</rdf:li></rdf:Alt></dc:description>`
    : ''
  return (
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:mediagen="${MEDIAGEN_NS}"${attrs}>` +
    `<mediagen:parameters>${escapeXml(settings.parameters)}</mediagen:parameters>` +
    `<mediagen:request>${escapeXml(settings.requestJson)}</mediagen:request>` +
    description +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  )
}

export function isOurXmp(packet: string): boolean {
  return packet.includes(`xmlns:mediagen="${MEDIAGEN_NS}"`)
}

/** The settings and marker attributes of one of the app's packets. */
export function readXmpPacket(packet: string): { parameters: string | null; requestJson: string | null; attrs: Record<string, string> } {
  const element = (name: string): string | null => {
    const m = new RegExp(`<mediagen:${name}>([\\s\\S]*?)</mediagen:${name}>`).exec(packet)
    return m?.[1] !== undefined ? unescapeXml(m[1]) : null
  }
  const attrs: Record<string, string> = {}
  for (const m of packet.matchAll(/\smediagen:(\w+)="([^"]*)"/g)) if (m[1] && m[2] !== undefined) attrs[m[1]] = unescapeXml(m[2])
  return { parameters: element('parameters'), requestJson: element('request'), attrs }
}

/** Packets longer than this are not searched for a description: none is that long. */
const MAX_PACKET_CHARS = 4 * 1024 * 1024

/**
 * The `dc:description` of any XMP packet (the app's or another tool's, e.g. Midjourney's
 * prompt): its default language, else its first language, else the attribute form.
 */
export function readXmpDescription(packet: string): string | null {
  if (packet.length > MAX_PACKET_CHARS) return null
  const element = /<dc:description\b[^>]*>([\s\S]*?)<\/dc:description>/.exec(packet)?.[1]
  if (element !== undefined) {
    const items = [...element.matchAll(/<rdf:li\b([^>]*)>([\s\S]*?)<\/rdf:li>/g)]
    const chosen = items.find((m) => /xml:lang="x-default"/.test(m[1] ?? '')) ?? items[0]
    const text = unescapeXml(chosen ? (chosen[2] ?? '') : element).trim()
    return text === '' ? null : text
  }
  const attribute = /\sdc:description="([^"]*)"/.exec(packet)?.[1]
  return attribute ? unescapeXml(attribute).trim() || null : null
}
