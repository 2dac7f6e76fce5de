// Handlers for every request channel of one area (the contract's channels
// named `area.…`), for tests that need a complete RequestHandlers object but
// exercise other channels; each runs the handler made for its channel
// (usually a throw). New channels of the contract are covered without edits.
import { REQUEST_CHANNELS } from '../../common/ipc-contract';
import type { RequestHandlers } from '../../main/ipc';

type Stub = () => Promise<never>;
type Area = 'calls' | 'supervisor' | 'workstation' | 'phone';
type AreaHandlers<A extends Area> = Pick<RequestHandlers, Extract<keyof RequestHandlers, `${A}.${string}`>>;

export function handlerStubs<A extends Area>(area: A, make: (channel: string) => Stub): AreaHandlers<A> {
  const channels = REQUEST_CHANNELS.filter((channel) => channel.startsWith(`${area}.`));
  return Object.fromEntries(channels.map((channel) => [channel, make(channel)])) as AreaHandlers<A>;
}
