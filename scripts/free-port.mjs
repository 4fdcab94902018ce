import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on now: for servers started by tests and benchmarks. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
