import { Pool } from 'undici';
import { createAgentForm } from '../main/api/request-forms';
import { printChildResult } from './lib/child-result';

// The ceiling of bench/provision at 0 ms server latency: the same numbers of
// requests as the sequential baseline and the runner, with no work around
// them (one pre-built Create Agent form body, undici straight, answers not
// parsed), against bare-http-server-child. What concurrency alone gains over
// one-at-a-time here is the most any client can gain on this machine.
// argv: <origin> <requests> <concurrency>

const [origin, requestsText, concurrencyText] = process.argv.slice(2);
if (origin === undefined || requestsText === undefined || concurrencyText === undefined) throw new Error('usage: bare-http-client-child <origin> <requests> <concurrency>');
const requests = Number(requestsText);
const concurrency = Number(concurrencyText);
const pool = new Pool(origin, { connections: concurrency, keepAliveTimeout: 30_000 });
const body = createAgentForm({ userName: 'bench.agent.0', fullname: 'Bench Agent 0', phoneNumber: '700000', password: 'Pw-0-bench' });
const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic bench' };
const send = async (): Promise<void> => {
  const response = await pool.request({ path: '/Integra/resources/sip/addsip', method: 'POST', headers, body });
  if ((await response.body.text()) !== '1') throw new Error('the bare server did not answer 1');
};

// Connected and JIT-warm before the clock starts: the ceiling gets its best case.
for (let i = 0; i < 200; i += 1) await send();
const cpuBefore = process.cpuUsage();
const started = performance.now();
let sent = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (sent < requests) {
      sent += 1;
      await send();
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await pool.close();
printChildResult({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, requests: sent });
