// What the UI uses to talk to main. Two transports (Electron's preload bridge
// and the browser host's WebSocket) give the same raw SoftphoneBridge; this
// layer parses every reply and event with the contract's schemas, so the UI
// gets typed values and cannot tell the transports apart.
// The page's first requests and events are parsed with the boot schemas at
// once; the rest of the contract comes in a chunk of its own, which the UI's
// chunk imports (so it runs after the phone's) and loadContract fetches for a
// use that comes earlier.
import type { z } from 'zod';
import type {
  EventChannel,
  EventOf,
  IpcResult,
  ReplyOf,
  RequestChannel,
  RequestOf,
  SoftphoneBridge,
} from '../../../common/ipc-contract';
import type * as ContractModule from '../../../common/ipc-contract';
import { ipcResultSchema } from '../../../common/ipc/result';
import { bootEventSchemas, bootRequestSchemas } from './boot-schemas';
import { pageError } from './page-error';

export interface SoftphoneApi {
  request<C extends RequestChannel>(channel: C, payload: RequestOf<C>): Promise<IpcResult<ReplyOf<C>>>;
  subscribe<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void;
}

type Contract = typeof ContractModule;
let contract: Contract | null = null;
let contractLoading: Promise<Contract> | null = null;

/** The whole contract's schemas, built once, on the first call. */
export function loadContract(): Promise<Contract> {
  contractLoading ??= import('../../../common/ipc-contract').then(
    (loaded) => (contract = loaded),
    (error: unknown) => {
      contractLoading = null; // a later use tries again (the chunk's fetch failed)
      throw error;
    },
  );
  return contractLoading;
}

function isBootRequest(channel: RequestChannel): channel is keyof typeof bootRequestSchemas {
  return Object.hasOwn(bootRequestSchemas, channel);
}

function isBootEvent(event: EventChannel): event is keyof typeof bootEventSchemas {
  return Object.hasOwn(bootEventSchemas, event);
}

type ResultSchema = ReturnType<typeof ipcResultSchema>;

/** One result schema per channel, built at its first reply (building one costs ~100 µs; parsing with it 2–5 µs). */
const resultSchemas = new Map<RequestChannel, ResultSchema>();
async function resultSchemaOf(channel: RequestChannel): Promise<ResultSchema> {
  const built = resultSchemas.get(channel);
  if (built) return built;
  const reply = isBootRequest(channel) ? bootRequestSchemas[channel].reply : (contract ?? (await loadContract())).requestSchemas[channel].reply;
  const schema = ipcResultSchema(reply);
  resultSchemas.set(channel, schema);
  return schema;
}

/** The event's schema now, or null while the contract's chunk is still on its way. */
function eventSchemaNow(event: EventChannel): z.ZodType | null {
  if (isBootEvent(event)) return bootEventSchemas[event];
  return contract?.eventSchemas[event] ?? null;
}

export function createSoftphoneApi(bridge: SoftphoneBridge): SoftphoneApi {
  return {
    async request(channel, payload) {
      let raw: unknown;
      try {
        raw = await bridge.invoke(channel, payload);
      } catch {
        return bridgeFailure(channel);
      }
      let schema: ResultSchema;
      try {
        schema = await resultSchemaOf(channel);
      } catch {
        return { ok: false, error: pageError('first.err.pageCode', { request: channel }, 'The page could not load the code that reads the answer. Reload the page.') };
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return { ok: false, error: pageError('first.err.internal', { request: channel }, 'The app answered in an unexpected shape.') };
      }
      return parsed.data as IpcResult<ReplyOf<typeof channel>>;
    },
    subscribe(event, listener) {
      const deliver = (schema: z.ZodType | null, payload: unknown): void => {
        const parsed = schema?.safeParse(payload);
        if (parsed?.success) listener(parsed.data as EventOf<typeof event>);
      };
      // Events that come before the contract's chunk wait for it, in their order; an event the page cannot read is dropped.
      let waiting = Promise.resolve();
      let queued = 0;
      return bridge.on(event, (payload) => {
        const schema = queued === 0 ? eventSchemaNow(event) : null;
        if (schema) return deliver(schema, payload);
        queued += 1;
        waiting = waiting
          .then(loadContract)
          .then(() => deliver(eventSchemaNow(event), payload), () => undefined)
          .finally(() => void (queued -= 1));
      });
    },
  };
}

/** The transport failed (the app closed the connection or was never reached): said by the request's name, not its channel. */
function bridgeFailure(channel: RequestChannel): IpcResult<never> {
  return { ok: false, error: pageError('first.err.bridgeClosed', { request: channel }, 'The connection to the app was lost before it answered.') };
}
