// The page's Content-Security-Policy, one string for the Electron header, the
// browser host's header and (minus frame-ancestors) the HTML meta tag.
// connect-src: the bridge on loopback, and SIP over WebSocket to the instance
// (wss:, or ws: on loopback for the simulator). The renderer makes no HTTP
// calls of its own: the API is main's business.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self' ws://127.0.0.1:* wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
