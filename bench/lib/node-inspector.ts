// Reads the heap of another Node process after a full GC, through its
// inspector (the child runs with --inspect=127.0.0.1:0 and prints the address
// on stderr): HeapProfiler.collectGarbage, Runtime.getHeapUsage, and a heap
// snapshot summed by node type. No benchmark hook in the product: the
// inspector is Node's own.
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';

export interface NodeHeap {
  /** Bytes of JS heap in use after a full GC. */
  usedBytes: number;
  /**
   * Of those, what JavaScript made (objects, arrays, strings, closures, numbers,
   * native objects: V8's heap snapshot types other than code, hidden system
   * objects, object shapes and synthetic roots). Compiled code and V8's lists
   * about it grow for a long while as the JIT optimizes more functions.
   */
  jsObjectBytes: number;
}

export interface NodeInspector {
  heapAfterGc(): Promise<NodeHeap>;
  close(): void;
}

const NOT_JS_OBJECTS = new Set(['code', 'hidden', 'object shape', 'synthetic']);
/** A heap snapshot is big (~40 MB of JSON for a 40 MB heap); refuse one past this. */
const MAX_SNAPSHOT_CHARS = 512 * 1024 * 1024;

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
}

/** Bytes per node type of a heap snapshot. */
function selfSizeByType(snapshot: HeapSnapshot): Map<string, number> {
  const fields = snapshot.snapshot.meta.node_fields;
  const [types] = snapshot.snapshot.meta.node_types;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const bytes = new Map<string, number>();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt] ?? 0] ?? '?';
    bytes.set(type, (bytes.get(type) ?? 0) + (snapshot.nodes[i + sizeAt] ?? 0));
  }
  return bytes;
}

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
  let chunks: string[] = [];
  let chunkChars = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; method?: string; params?: { chunk?: string } };
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk' && message.params?.chunk) {
      chunkChars += message.params.chunk.length;
      if (chunkChars <= MAX_SNAPSHOT_CHARS) chunks.push(message.params.chunk);
    }
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    if (message.id !== undefined) pending.delete(message.id);
  });
  const send = (method: string, params: Record<string, unknown> = {}): Promise<unknown> =>
    new Promise((resolve, reject) => {
      id += 1;
      const timer = setTimeout(() => reject(new Error(`the inspector did not answer ${method} within 120 s`)), 120_000);
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
      chunks = [];
      chunkChars = 0;
      await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      if (chunkChars > MAX_SNAPSHOT_CHARS) throw new Error(`the heap snapshot is over ${MAX_SNAPSHOT_CHARS} characters`);
      const bytes = selfSizeByType(JSON.parse(chunks.join('')) as HeapSnapshot);
      chunks = [];
      const jsObjectBytes = [...bytes].filter(([type]) => !NOT_JS_OBJECTS.has(type)).reduce((sum, [, size]) => sum + size, 0);
      return { usedBytes: usage.usedSize, jsObjectBytes };
    },
    close: () => socket.close(),
  };
}
