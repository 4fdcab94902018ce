import type { Server } from 'node:http';
import { Socket } from 'node:net';

/**
 * Answers leave once per turn of the event loop, together, not each as soon as it is ready
 * (docs/operations.md, "Answers written once per turn"). Node.js writes an answer as soon as its
 * handler ends it (`end()` uncorks the connection). Each such write to a client that waits for it
 * wakes that client, and when the client runs on the same machine (a reverse proxy beside the
 * server, a load generator) the kernel's wakeup is paid by the writer: it cost more than a cached
 * call's own work. Here a connection's uncork waits for the end of the turn, so the answers of every
 * request the turn read are written back to back and the client is woken once for them. Each
 * connection still gets its own write and its answers in order; an answer waits at most for the
 * rest of its turn.
 */
const waiting: Socket[] = [];
const uncorkNow = Socket.prototype.uncork;

const flush = () => {
  for (const socket of waiting.splice(0)) uncorkNow.call(socket);
};

function uncorkAtTurnEnd(this: Socket) {
  if (!waiting.length) setImmediate(flush);
  waiting.push(this);
}

/** Every connection `server` accepts from now on writes at the end of the turn. */
export const coalesceWrites = (server: Server) =>
  server.on('connection', (socket: Socket) => {
    socket.uncork = uncorkAtTurnEnd;
  });
