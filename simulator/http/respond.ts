// Writing answers. When the request body was not read to its end, the
// connection is closed after the answer rather than reading the rest.
import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendText(req: IncomingMessage, res: ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8'): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | number> = { 'content-type': contentType, 'content-length': Buffer.byteLength(body) };
  if (!req.complete) headers.connection = 'close';
  res.writeHead(status, headers).end(body);
}

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  sendText(req, res, status, JSON.stringify(value), 'application/json; charset=utf-8');
}

export const htmlErrorPage =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>' +
  '<body><h1>Bad Gateway</h1><p>The server is temporarily unable to service your request.</p></body></html>';
