// Reads the heap of another Node process after a full GC, through its
// inspector (the child runs with --inspect=127.0.0.1:0 and prints the address
// on stderr): HeapProfiler.collectGarbage, then Runtime.getHeapUsage. No
// benchmark hook in the product: the inspector is Node's own.
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';

export interface NodeHeap {
  /** Bytes of JS heap in use after a full GC. */
  usedBytes: number;
  /** Of those, the compiled code and its metadata (V8's code and trusted spaces): it grows while the JIT warms up. */
  codeBytes: number;
}

export interface NodeInspector {
  heapAfterGc(): Promise<NodeHeap>;
  close(): void;
}

/** Evaluated in the child: V8's heap spaces (Node ≥ 22.3 has process.getBuiltinModule). */
const HEAP_SPACES = `JSON.stringify(process.getBuiltinModule('node:v8').getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]))`;
const CODE_SPACES = new Set(['code_space', 'code_large_object_space', 'trusted_space', 'trusted_large_object_space']);

/** Waits for the child's "Debugger listening on ws://…" line (bounded: 30 s) and connects. */
export async function connectInspector(child: ChildProcess): Promise<NodeInspector> {
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the child printed no inspector address within 30 s')), 30_000);
    let text = '';
    const onData = (chunk: Buffer): void => {
      text = (text + chunk.toString('utf8')).slice(-4_000);
      const found = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/u.exec(text);
      if (!found?.[1]) return;
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      resolve(found[1]);
    };
    child.stderr?.on('data', onData);
  });
  const socket = new WebSocket(url, { maxPayload: 16 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    if (message.id !== undefined) pending.delete(message.id);
  });
  const send = (method: string, params: Record<string, unknown> = {}): Promise<unknown> =>
    new Promise((resolve, reject) => {
      id += 1;
      const timer = setTimeout(() => reject(new Error(`the inspector did not answer ${method} within 30 s`)), 30_000);
      pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async heapAfterGc() {
      await send('HeapProfiler.collectGarbage');
      const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number };
      const spaces = (await send('Runtime.evaluate', { expression: HEAP_SPACES, returnByValue: true })) as { result: { value: string } };
      const codeBytes = (JSON.parse(spaces.result.value) as Array<[string, number]>).filter(([name]) => CODE_SPACES.has(name)).reduce((sum, [, used]) => sum + used, 0);
      return { usedBytes: usage.usedSize, codeBytes };
    },
    close: () => socket.close(),
  };
}
