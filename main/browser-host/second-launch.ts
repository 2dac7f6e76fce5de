// The browser host's single instance, as Electron's requestSingleInstanceLock
// + `second-instance` do it: the running host leaves `<dataDir>/instance.json`
// (0600: port and a hand-over secret of its own, not the page's), and a later
// launch with a link posts its argv to `/__second-instance` instead of
// starting a second host. The running host feeds that argv to the same
// dial-link router. Only a non-browser client with the secret, on our Host,
// is heard.
import { timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { readRegularFileSync } from '../services/files';

export const SECOND_LAUNCH_PATH = '/__second-instance';
const SECRET_HEADER = 'x-instance-secret';
const MAX_BODY = 16 * 1024;
/** The instance file holds a port and a secret of at most 128 characters: well under 1 KB. */
const MAX_INSTANCE_FILE_BYTES = 1024;

const instanceFileSchema = z.object({ port: z.number().int().min(1).max(65535), secret: z.string().min(32).max(128) });
const handOverSchema = z.object({ argv: z.array(z.string().max(4096)).max(64) }).strict();

export function instanceFilePath(dataDir: string): string {
  return join(dataDir, 'instance.json');
}

/** Written once listening; returns the remover (called on close). */
export function writeInstanceFile(dataDir: string, port: number, secret: string): () => void {
  const path = instanceFilePath(dataDir);
  writeFileSync(path, JSON.stringify({ port, secret }), { mode: 0o600 });
  return () => rmSync(path, { force: true });
}

/** Answers `POST /__second-instance`; false when the request is not for it (serve the page instead). */
export function handleSecondLaunch(
  request: IncomingMessage,
  response: ServerResponse,
  options: { secret: string; allowedHosts: readonly string[]; onArgv: (argv: string[]) => void },
): boolean {
  if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== SECOND_LAUNCH_PATH) return false;
  const refuse = (status: number, why: string) => {
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`${why}\n`);
  };
  // A page in a browser always sends Origin on a POST; a second launch never does.
  if (request.method !== 'POST' || request.headers.origin !== undefined || !options.allowedHosts.includes(request.headers.host ?? '')) {
    refuse(403, 'Refused.');
    return true;
  }
  if (!sameSecret(String(request.headers[SECRET_HEADER] ?? ''), options.secret)) {
    refuse(403, 'Refused: wrong secret.');
    return true;
  }
  let body = '';
  let tooLarge = false;
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
    if (body.length > MAX_BODY) {
      tooLarge = true;
      request.destroy();
    }
  });
  request.on('end', () => {
    if (tooLarge) return;
    let parsed: z.ZodSafeParseResult<z.infer<typeof handOverSchema>>;
    try {
      parsed = handOverSchema.safeParse(JSON.parse(body));
    } catch {
      return refuse(400, 'Refused: the body is not JSON.');
    }
    if (!parsed.success) return refuse(400, 'Refused: expected {"argv": [strings]}.');
    options.onArgv(parsed.data.argv);
    response.writeHead(204).end();
  });
  return true;
}

/**
 * A later launch: hands its argv to the running host of this data folder.
 * 'no-running-host' when there is none (no file, stale file, refused), so the
 * caller starts a host itself. Bounded: one request, two seconds.
 */
export async function handOverToRunningHost(dataDir: string, argv: readonly string[]): Promise<'handed-over' | 'no-running-host'> {
  // Anything but a small regular file (a FIFO would hang this launch) counts as no host.
  const read = readRegularFileSync(instanceFilePath(dataDir), MAX_INSTANCE_FILE_BYTES);
  if (!read.ok) return 'no-running-host';
  let instance: z.infer<typeof instanceFileSchema>;
  try {
    instance = instanceFileSchema.parse(JSON.parse(read.bytes.toString('utf8')));
  } catch {
    return 'no-running-host';
  }
  try {
    const response = await fetch(`http://127.0.0.1:${instance.port}${SECOND_LAUNCH_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: instance.secret },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(2_000),
    });
    return response.status === 204 ? 'handed-over' : 'no-running-host';
  } catch {
    return 'no-running-host';
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
