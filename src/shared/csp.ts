// The page's Content-Security-Policy: only the app's own scripts and styles; library
// media through the app's own origin or the restricted library protocol.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: mediagen-library:",
  "media-src 'self' blob: mediagen-library:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')
