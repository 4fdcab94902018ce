import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from '../../server/http/write-coalescing.ts';

/** server/http/write-coalescing.ts (docs/operations.md, "Answers written once per turn"). */
describe('answers written once per turn', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    server = createServer(handler);
    coalesceWrites(server);
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  };

  it('keeps an ended answer in the connection until the turn ends, then writes it', async () => {
    const seen: { nextTick: number; turnEnd: number }[] = [];
    let recorded!: () => void;
    const looked = new Promise<void>((done) => (recorded = done));
    const port = await listen((_req, res) => {
      res.end('hello');
      const socket = res.socket!;
      // Plain Node.js uncorks in `end()` itself; here the answer is still held a tick later.
      process.nextTick(() => {
        const nextTick = socket.writableCorked;
        setImmediate(() => (seen.push({ nextTick, turnEnd: socket.writableCorked }), recorded()));
      });
    });
    const body = await new Promise<string>((done, fail) => {
      request({ port, host: '127.0.0.1', method: 'GET', path: '/' }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d)).on('end', () => done(text));
      }).on('error', fail).end();
    });
    expect(body).toBe('hello');
    await looked;
    expect(seen).toEqual([{ nextTick: 1, turnEnd: 0 }]);
  });

  it('answers pipelined requests in order, and a closing answer in full', async () => {
    let n = 0;
    const port = await listen((req, res) => {
      const i = ++n;
      if (req.url === '/last') res.setHeader('connection', 'close');
      res.end(`answer ${i} to ${req.url}\n`);
    });
    const raw = await new Promise<string>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(['/a', '/b', '/last'].map((p) => `GET ${p} HTTP/1.1\r\nHost: x\r\n\r\n`).join('')),
      );
      let text = '';
      socket.on('data', (d) => (text += d)).on('end', () => done(text)).on('error', fail);
    });
    const bodies = [...raw.matchAll(/answer \d to \/\w+(?=\n)/g)].map((m) => m[0]);
    expect(bodies).toEqual(['answer 1 to /a', 'answer 2 to /b', 'answer 3 to /last']);
  });
});
