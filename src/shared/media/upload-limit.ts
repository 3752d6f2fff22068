// The service's ceiling for one uploaded file (service-spec: 50 MiB, 413 above it). The
// page checks it before reading a file, main before sending one, the demo service on
// receipt.
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024
