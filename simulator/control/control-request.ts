// One request to /__sim/: loopback and secret checks, JSON body, route, answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqualText } from '../operations/secret-compare';
import { BodyTooLargeError, readBody } from '../http/read-body';
import { sendJson, sendText } from '../http/respond';
import type { ControlRouter } from './control-router';
import type { ControlReply } from './control-types';

const maxControlBody = 1024 * 1024;

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** From this machine: loopback, or (a simulator on a private address) a connection whose source is that same address. */
function fromThisHost(req: IncomingMessage): boolean {
  const { remoteAddress, localAddress } = req.socket;
  return isLoopback(remoteAddress) || (remoteAddress !== undefined && remoteAddress === localAddress);
}

export async function handleControlRequest(req: IncomingMessage, res: ServerResponse, url: URL, router: ControlRouter, secret: string): Promise<void> {
  if (!fromThisHost(req)) return sendJson(req, res, 403, { error: 'The control API answers this machine only.' });
  const given = req.headers['x-sim-secret'];
  if (typeof given !== 'string' || !timingSafeEqualText(secret, given)) {
    return sendJson(req, res, 403, { error: 'Send the secret printed in the ready line as header X-Sim-Secret.' });
  }
  const match = router.match(req.method ?? '', url.pathname);
  if (match === undefined) return sendJson(req, res, 404, { error: `No control route ${url.pathname}.` });
  if (match === 'method-not-allowed') return sendJson(req, res, 405, { error: `${req.method} is not allowed on ${url.pathname}.` });
  let body: unknown;
  try {
    const raw = await readBody(req, maxControlBody);
    body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    return sendJson(req, res, tooLarge ? 413 : 400, { error: tooLarge ? error.message : 'The body is not JSON.' });
  }
  let reply: ControlReply;
  try {
    reply = await match.handler({ method: req.method ?? '', path: url.pathname, params: match.params, query: url.searchParams, body });
  } catch (error) {
    return sendJson(req, res, 500, { error: `The control route failed: ${(error as Error).message}` });
  }
  send(req, res, reply);
}

function send(req: IncomingMessage, res: ServerResponse, reply: ControlReply): void {
  const { afterSend } = reply;
  if (afterSend) {
    let ran = false;
    const runOnce = (): void => {
      if (ran) return;
      ran = true;
      afterSend();
    };
    res.once('finish', runOnce);
    res.once('close', runOnce);
  }
  const status = reply.status ?? 200;
  if ('json' in reply) return sendJson(req, res, status, reply.json);
  if ('text' in reply) return sendText(req, res, status, reply.text, reply.contentType);
  res.writeHead(status, { 'content-type': reply.contentType ?? 'application/octet-stream' });
  reply.stream.on('error', () => res.destroy());
  reply.stream.pipe(res);
}
