// Once per `npm run test:interop`: make sure Debian's Kamailio (with the
// websocket and tls modules) is installed, and say which versions run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default function setup(): void {
  const script = join(import.meta.dirname, '..', 'ensure-packages.sh');
  try {
    execFileSync('bash', [script], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 });
  } catch (error) {
    throw new Error(`The interop tier needs Kamailio, rtpengine, baresip and coturn: ${script} failed (${(error as Error).message}).`, { cause: error });
  }
  if (!existsSync('/usr/bin/chromium')) throw new Error('The interop tier needs Debian\'s Chromium at /usr/bin/chromium (apt-get install -y chromium).');
  const version = execFileSync('/usr/sbin/kamailio', ['-v'], { encoding: 'utf8' }).split('\n')[0];
  process.stderr.write(`interop: ${version}\n`);
}
