/**
 * The frame mixer's worker: the mix loop (mix-loop.ts) off the page's thread,
 * so a long task on the page (a render, a garbage collection) cannot hold a
 * party's voice back. The Breakout Box's streams are transferred here and
 * Chromium then delivers their frames to this thread directly.
 *
 * Built as its own file (Vite: `new Worker(new URL(...), { type: 'module' })`
 * in frame-mixer.ts), so the app's Content-Security-Policy (`script-src
 * 'self'`) allows it.
 */
import { MixLoop } from './mix-loop';
import { MIX_WORKER_READY, type InputStalled, type MixMessage } from './mix-messages';

let loop: MixLoop | null = null;

addEventListener('message', (event: MessageEvent<MixMessage>) => {
  const message = event.data;
  if (message.type === 'start') {
    loop?.stop();
    loop = new MixLoop(message.streams, (party) => postMessage({ type: 'input-stalled', party } satisfies InputStalled));
  } else loop?.handle(message);
});

postMessage(MIX_WORKER_READY);
