// A WebSocket client that can send what no library would: the frames a hostile
// peer uses to break a server (issue 13, point 3).
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export type BadFrameKind = 'oversize' | 'invalid-utf8' | 'reserved-opcode' | 'unmasked' | 'close-code-999' | 'rsv1';
export const BAD_FRAME_KINDS: readonly BadFrameKind[] = ['oversize', 'invalid-utf8', 'reserved-opcode', 'unmasked', 'close-code-999', 'rsv1'];

function frame(first: number, payload: Buffer, masked = true, claimedLength = payload.length): Buffer {
  const mask = masked ? randomBytes(4) : Buffer.alloc(0);
  let header: Buffer;
  if (claimedLength < 126) header = Buffer.from([first, (masked ? 0x80 : 0) | claimedLength]);
  else if (claimedLength < 65_536) header = Buffer.from([first, (masked ? 0x80 : 0) | 126, claimedLength >> 8, claimedLength & 0xff]);
  else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(BigInt(claimedLength), 2);
  }
  const body = Buffer.from(payload);
  if (masked) for (let i = 0; i < body.length; i += 1) body[i] = (body[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, body]);
}

export function badFrame(kind: BadFrameKind): Buffer {
  switch (kind) {
    case 'oversize':
      return frame(0x81, Buffer.alloc(16, 0x61), true, 64 * 1024 * 1024); // claims 64 MB
    case 'invalid-utf8':
      return frame(0x81, Buffer.from([0xff, 0xfe, 0xfd]));
    case 'reserved-opcode':
      return frame(0x83, Buffer.from('x'));
    case 'unmasked':
      return frame(0x81, Buffer.from('{}'), false);
    case 'close-code-999':
      return frame(0x88, Buffer.from([0x03, 0xe7]));
    case 'rsv1':
      return frame(0xc1, Buffer.from('{}'));
  }
}

/** Opens a raw socket, completes the WebSocket handshake, and resolves once the server answered 101. */
export function rawHandshake(port: number, path: string, headers: Record<string, string> = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const lines = [
      `GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Upgrade: websocket', 'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', '',
    ];
    let seen = '';
    const timer = setTimeout(() => reject(new Error('no handshake answer')), 5000);
    socket.on('data', function onData(data: Buffer) {
      seen += data.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      clearTimeout(timer);
      socket.off('data', onData);
      if (seen.startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(seen.split('\r\n')[0]));
    });
    socket.once('error', reject);
    socket.write(lines.join('\r\n'));
  });
}

/** Sends a bad frame and waits until the server closed the connection (or 3 s passed). */
export async function sendBadFrame(socket: Socket, kind: BadFrameKind): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve();
    }, 3000);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.write(badFrame(kind));
  });
}
