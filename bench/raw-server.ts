import { createServer } from 'node:http';

// Baseline (a): a bare node:http JSON handler, the ceiling any framework is measured against.
const body = JSON.stringify({ code: 200, data: { guid: '00000000-0000-4000-8000-000000000000', name: 'role' }, message: 'Success' });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0 });
});
process.on('disconnect', () => process.exit(0));
