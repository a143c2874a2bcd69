import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePreloadPages } from './route-preloads.js';

/** The built console beside the server in the repository, wherever the process was started. */
export const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

/**
 * Every servable file of the build, as URL paths; precompressed twins are picked by @fastify/static.
 * Not .vite/: the build's manifest and route map are for this server, not for browsers.
 */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === root && entry.name === '.vite')) walk(full);
      } else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) {
        files.add(`/${relative(root, full).split(sep).join('/')}`);
      }
    }
  };
  walk(root);
  return files;
}

function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/ws' || path.startsWith('/ws/');
}

function pathOf(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

function acceptsHtml(req: FastifyRequest): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built console at `/` when its folder exists: hashed files under /assets/ are cached
 * for a year, everything else revalidates, and any other HTML navigation outside /api and /ws
 * answers index.html so the console's router handles deep links, with the screen's chunks preloaded
 * for a console path (route-preloads.ts). The list of files is taken
 * once at start, so nothing outside the build can be reached by a crafted path.
 */
export async function registerStaticConsole(app: FastifyInstance, webDist: string | undefined): Promise<boolean> {
  const root = resolve(webDist ?? defaultWebDist);
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'built console not found: serving the API only');
    return false;
  }
  const files = listFiles(root);
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
  });

  const preloaded = routePreloadPages(root, readFileSync(join(root, 'index.html'), 'utf8'));
  const sendIndex = (reply: FastifyReply, path = '/') => {
    reply.header('cache-control', revalidate);
    const page = preloaded.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
    return page ? reply.type('text/html; charset=utf-8').send(page) : reply.sendFile('index.html');
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: (req, reply) => {
      const path = pathOf(req.url);
      if (path === null || isServerPath(path)) return reply.callNotFound();
      if (path === '/' || path === '/index.html') return sendIndex(reply);
      if (files.has(path)) {
        reply.header('cache-control', path.startsWith('/assets/') ? immutable : revalidate);
        return reply.sendFile(path.slice(1));
      }
      if (acceptsHtml(req)) return sendIndex(reply, path);
      return reply.callNotFound();
    },
  });
  return true;
}
