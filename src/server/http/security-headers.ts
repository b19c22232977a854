import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env';

/**
 * The security headers every answer carries: the content security policy, the referrer and
 * permissions policies, and HSTS in production.
 */
export function securityHeaders(env: Env): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Photos may come from the bucket's public address or its CDN (S3_PUBLIC_URL).
      imgSrc: ["'self'", 'data:', 'blob:', ...(env.s3?.publicUrl ? [new URL(env.s3.publicUrl).origin] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      // 'self' covers this origin's own WebSocket (ws: and wss:), and nothing else.
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Nothing on the site uses these; no script (ours or injected) may ask for them.
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      bluetooth: [],
      serial: [],
      hid: [],
      displayCapture: [],
      browsingTopics: [],
    },
    strictTransportSecurity: env.isProduction ? 'max-age=31536000; includeSubDomains' : false,
  });
}
