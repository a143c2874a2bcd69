import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/** Helmet has no Permissions-Policy (helmet leaves it out on purpose), so it is set here. */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Security headers on every response (console pages, assets, API envelopes and errors alike), by
 * @fastify/helmet. Only the headers of our policy: HSTS is the TLS proxy's to send, and
 * cross-origin-resource-policy would stop another site's page showing a public upload; helmet's
 * legacy headers (x-xss-protection, x-download-options …) are off.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  // A callback hook, not an async one: it never waits, and a promise per response is pure cost.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('permissions-policy', permissionsPolicy);
    done();
  });
}
