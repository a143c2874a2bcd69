import type { FastifyInstance } from 'fastify';

/**
 * No inline script anywhere: the console build has none (vite.config.ts turns off the inline
 * module-preload polyfill) and Swagger UI 6 boots from its own script file.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // antd (CSS-in-JS) writes <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  // Operators' images (avatars, QR codes, store photos) may come from any upload host.
  "img-src 'self' data: https: http:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const fixedHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

const allHeaders: Record<string, string> = { 'content-security-policy': contentSecurityPolicy, ...fixedHeaders };

/**
 * Security headers on every response (console pages, assets, API envelopes and errors alike).
 * A callback hook, not an async one: it never waits, and a promise per response is pure cost.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(allHeaders);
    done(null, payload);
  });
}
