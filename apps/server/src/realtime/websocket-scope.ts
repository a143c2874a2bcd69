import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { SOCKET_MAX_FRAME_BYTES, socketCloseCodes } from '@console/contract';

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Sent with 1012 when the process closes (graceful drain): the console reconnects, to another process. */
export const SERVICE_RESTART_REASON = '服务重启，请重新连接';

const NOT_FOUND = 'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * Registers @fastify/websocket for the socket routes only (`register` declares them under
 * `pathPrefix`). On the root instance the plugin adds an onRequest and an onResponse hook and wraps
 * every route's handler, about 10 µs of CPU on each API request (issue 7's framework overhead); in
 * its own scope they run for the socket route alone. Its decorations (`websocketServer`,
 * `injectWS`) are copied to the root for shutdown and tests.
 *
 * Outside the scope no route knows how to refuse an upgrade, so upgrade requests for any other path
 * never reach the router: they are answered 404 and closed here, as the plugin's handler wrapper
 * did (otherwise an API route would answer over a raw socket that no server timeout watches).
 */
export async function registerWebsocketScope(
  app: FastifyInstance,
  pathPrefix: string,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  const before = new Set(app.server.listeners('upgrade'));
  await app.register(async (scope) => {
    // No permessage-deflate: events are small, a compressor per socket costs memory at thousands
    // of sockets, and the hub writes pre-framed uncompressed bytes beside `ws` (see Hub.deliver).
    await scope.register(fastifyWebsocket, {
      options: { maxPayload: SOCKET_MAX_FRAME_BYTES, perMessageDeflate: false },
      // The plugin's own closes every socket with no code, which a client cannot tell from a
      // dropped network; 1012 says "this process is going away, reconnect". Its removing the
      // upgrade listener is moot: ours replaced it below, and the server is closing.
      preClose(done) {
        for (const client of this.websocketServer.clients) {
          client.close(socketCloseCodes.serviceRestart, SERVICE_RESTART_REASON);
        }
        this.websocketServer.close();
        done();
      },
    });
    app.decorate('websocketServer', scope.websocketServer);
    app.decorate('injectWS', scope.injectWS);
    register(scope);
  });
  for (const listener of app.server.listeners('upgrade') as UpgradeListener[]) {
    if (before.has(listener)) continue;
    app.server.removeListener('upgrade', listener);
    app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (req.url?.startsWith(pathPrefix)) listener(req, socket, head);
      else socket.end(NOT_FOUND);
    });
  }
}
