import type { ServerResponse } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FrameStream } from './hub.js';

/** The part of a `ws` socket whose error handling is taken over here. */
export interface ErrorEmitter {
  removeAllListeners(event: 'error'): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  terminate(): void;
}

/** What a live socket still needs from its upgrade request, copied out of it. */
export interface UpgradeFacts {
  origin: string | undefined;
  host: string | undefined;
  /** The upgraded TCP socket `ws` writes to; absent for in-process (injected) sockets. */
  stream: FrameStream | undefined;
}

/**
 * Lets the upgrade request's HTTP objects go once the websocket is established, and returns
 * the few facts the socket keeps. Otherwise they live as long as the socket (about 11 KB each,
 * at thousands of sockets): `@fastify/websocket` assigns a ServerResponse to the TCP socket
 * (`socket._httpMessage`, which holds the IncomingMessage) and leaves an error listener on the
 * websocket that closes over the Fastify request and reply (and the request's pino child).
 * That listener is replaced by one that does what the plugin's default did (log, terminate)
 * with the server's logger; `ws` keeps its own listeners on the TCP socket, so close and
 * heartbeat handling are unchanged.
 */
export function releaseUpgrade(
  socket: ErrorEmitter,
  req: FastifyRequest,
  onSocketError: (err: Error) => void,
): UpgradeFacts {
  // Node's own field for the response a socket serves; an injected request has no socket.
  const tcp = (req.raw as { socket?: NetSocket & { _httpMessage?: ServerResponse | null } }).socket;
  const facts: UpgradeFacts = { origin: req.headers.origin, host: req.headers.host, stream: tcp };
  // detachSocket also removes the response's own close listener from the TCP socket.
  if (tcp?._httpMessage) tcp._httpMessage.detachSocket(tcp);
  // The websocket must keep an error listener (an unhandled 'error' would end the process).
  socket.removeAllListeners('error');
  socket.on('error', (err) => {
    onSocketError(err);
    socket.terminate();
  });
  return facts;
}
