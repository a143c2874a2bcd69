import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * No inline script anywhere: the console build has none (vite.config.ts turns off the inline
 * module-preload polyfill) and Swagger UI 6 boots from its own script file.
 */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd (CSS-in-JS) writes <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Operators' images (avatars, QR codes, store photos) may come from any upload host.
    imgSrc: ["'self'", 'data:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** Helmet has no Permissions-Policy (helmet leaves it out on purpose), so it is set beside it. */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Only the headers of our policy: HSTS is the TLS proxy's to send, cross-origin-resource-policy
 * would stop another site's page showing a public upload, and helmet's legacy headers
 * (x-xss-protection, x-download-options …) are off.
 */
const setHelmetHeaders = helmet({
  contentSecurityPolicy,
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  xContentTypeOptions: true,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * Security headers on every response (console pages, assets, API envelopes and errors alike), by
 * helmet. Its middleware is built once, here, and applied in a callback hook: @fastify/helmet
 * builds it again for every request (helmet(options) per call, ~39 µs, a third of an
 * authenticated read's CPU in bench/api/cpu-per-request.ts) and adds an async hook besides.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('permissions-policy', permissionsPolicy);
    setHelmetHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
}
