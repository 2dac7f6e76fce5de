import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// The cheapest server the provisioning benchmark's ceiling can be measured
// against: node:http on loopback that reads the form body and answers `1`,
// doing no work of its own. Prints {"port":N} when listening; SIGTERM ends it.

const server = createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': '1' });
    res.end('1');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
