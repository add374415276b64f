import { Server as NetServer, type Socket } from 'node:net';
import type { Server } from 'node:http';

/** Longest wait for open connections to finish their requests before the rest are cut. */
export const DRAIN_DEADLINE_MS = 15_000;
/** A keep-alive connection idle this long during a drain is closed: a client about to reuse it would have by now. */
const IDLE_CLOSE_MS = 1_000;

interface Tracked {
  inFlight: number;
  lastActive: number;
}

/**
 * Makes an HTTP server drainable without cutting a request off. http.Server#close() (Node 19+) resets idle
 * keep-alive sockets at once, so a request a client is just sending on one (a second request queued behind a
 * first on the same connection) is lost with ECONNRESET. Here the listener stops accepting, every response
 * from then on says `Connection: close`, a connection is closed only once it has been idle for a second, and
 * only stragglers past the deadline are destroyed.
 */
export function drainable(server: Server): { drain(deadlineMs?: number): Promise<void> } {
  const sockets = new Map<Socket, Tracked>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { inFlight: 0, lastActive: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.prependListener('request', (req, res) => {
    const t = sockets.get(req.socket);
    if (t) {
      t.inFlight += 1;
      t.lastActive = Date.now();
      res.once('close', () => {
        t.inFlight -= 1;
        t.lastActive = Date.now();
      });
    }
    if (draining) res.setHeader('Connection', 'close');
  });
  return {
    async drain(deadlineMs = DRAIN_DEADLINE_MS) {
      draining = true;
      // net.Server#close: stop listening, leave open connections alone (http.Server#close would reset idle ones).
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const deadline = Date.now() + deadlineMs;
      while (sockets.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, t] of sockets) if (t.inFlight === 0 && now - t.lastActive >= IDLE_CLOSE_MS) socket.end();
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const socket of sockets.keys()) socket.destroy();
      await closed;
    },
  };
}
