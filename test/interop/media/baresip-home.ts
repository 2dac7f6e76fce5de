// A baresip home folder (`baresip -f <dir>`) as the interop tier's baresips use it: one account on
// loopback, UDP/TCP SIP on `sipPort`, PCMU only, no RTCP multiplexing (rtpengine's offer has none).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BaresipHome {
  /** The account line (`<sip:user@host>;…`). */
  readonly account: string;
  readonly host: string;
  readonly sipPort: number;
  /** Settings of this baresip (devices, timers, jitter buffer, ctrl_tcp's address…). */
  readonly settings: readonly string[];
  /** Modules beyond g711 (`module …`), and the applications loaded last (`module_app …`). */
  readonly modules: readonly string[];
  readonly apps: readonly string[];
}

export function writeBaresipHome(dir: string, home: BaresipHome): void {
  writeFileSync(join(dir, 'accounts'), `${home.account}\n`);
  const config = [
    'module_path /usr/lib/baresip/modules',
    'poll_method epoll',
    `sip_listen ${home.host}:${home.sipPort}`,
    `net_interface ${home.host}`,
    'rtcp_mux no',
    ...home.settings,
    'module g711.so',
    ...home.modules.map((name) => `module ${name}`),
    'module_tmp uuid.so',
    'module_tmp account.so',
    ...home.apps.map((name) => `module_app ${name}`),
    '',
  ];
  writeFileSync(join(dir, 'config'), config.join('\n'));
  writeFileSync(join(dir, 'contacts'), '');
}
