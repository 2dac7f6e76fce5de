// kamailio.cfg and tls.cfg for the interop tier: a WS/WSS registrar and proxy
// on loopback, digest with HA1 only (htable filled at start), realm `asterisk`
// like the platform's Asterisk. Agents register; only the originator (the
// simulator's platform user) may place calls, as on the platform, and, when
// asked, agents may call each other (consultations). The plain-SIP trunk for
// customers and its media routes are kamailio-trunk.ts.
import { shedModules, shedRegister, type KamailioShed } from './kamailio-shed';
import { echoInvite, mediaReply, mediaRoutes, trunkInvite, type KamailioTrunk } from './kamailio-trunk';

export type { KamailioShed } from './kamailio-shed';
export type { KamailioTrunk } from './kamailio-trunk';

export interface KamailioUser {
  user: string;
  ha1: string;
}

export interface KamailioConfigInput {
  host: string;
  wsPort: number;
  wssPort: number;
  realm: string;
  /** Agents (REGISTER) and the originator. */
  users: KamailioUser[];
  /** The auth user allowed to send INVITEs (the simulator's originator). */
  callerUser: string;
  tlsConfigFile: string;
  modulesDir: string;
  /** A plain-SIP trunk for customers (UDP) with media bridged by rtpengine. */
  trunk?: KamailioTrunk;
  /** Agents may also call each other's extensions (a consultation before a transfer), as the platform's dialplan lets them. */
  agentCalls?: boolean;
  /** A folder (writable by Kamailio's user) where the sipdump module writes every SIP message received and sent. */
  sipDumpFolder?: string;
  /** Shed REGISTERs past a rate with 503 + Retry-After (bench/fleet-reconnect). */
  shed?: KamailioShed;
  /** Kamailio's TCP connection limit (default 2,048: too few for a floor of 2,000 phones and their probes). */
  maxConnections?: number;
}

const SAFE = /^[A-Za-z0-9._-]+$/;
const HEX32 = /^[0-9a-f]{32}$/;

export function kamailioConfig(input: KamailioConfigInput): string {
  for (const { user, ha1 } of input.users) {
    if (!SAFE.test(user) || !HEX32.test(ha1)) throw new Error(`Writing kamailio.cfg failed: user "${user}" needs a plain name and a 32-hex HA1.`);
  }
  const trunk = input.trunk;
  if (trunk && (!SAFE.test(trunk.host) || !/^udp:[0-9.]+:[0-9]+$/.test(trunk.rtpengineNg) || !/^[A-Za-z0-9 <>_-]+$/.test(trunk.campaign))) {
    throw new Error('Writing kamailio.cfg failed: the trunk needs a plain host, an rtpengine address udp:<ip>:<port> and a plain campaign name.');
  }
  if (trunk?.echo && (!/^[*#0-9]{1,16}$/.test(trunk.echo.extension) || !/^sip:[A-Za-z0-9]+@[0-9.]+:[0-9]+$/.test(trunk.echo.uri))) {
    throw new Error('Writing kamailio.cfg failed: the echo extension must be digits, * and #, and its peer sip:<user>@<ip>:<port>.');
  }
  if (input.sipDumpFolder !== undefined && !/^\/[A-Za-z0-9._/-]+$/.test(input.sipDumpFolder)) throw new Error('Writing kamailio.cfg failed: the sipdump folder must be a plain absolute path.');
  if (!SAFE.test(input.callerUser) || !SAFE.test(input.realm)) throw new Error('Writing kamailio.cfg failed: caller user and realm must be plain names.');
  if (!input.users.some((u) => u.user === input.callerUser)) {
    throw new Error(`Writing kamailio.cfg failed: the caller user "${input.callerUser}" needs credentials among the users.`);
  }
  const ha1Lines = input.users.map(({ user, ha1 }) => `  $sht(ha1=>${user}) = "${ha1}";`).join('\n');
  const { host, wsPort, wssPort, realm } = input;
  return `#!KAMAILIO
# Written by test/interop for one run; not a production config.
debug=2
log_stderror=yes
log_prefix="{$mt $ci} "
children=2
tcp_children=2
auto_aliases=no
alias="${host}"
listen=tcp:${host}:${wsPort}
listen=tls:${host}:${wssPort}
${trunk ? `listen=udp:${trunk.host}:${trunk.udpPort}\nalias="${trunk.host}:${trunk.udpPort}"` : '# no trunk'}
enable_tls=yes
tcp_accept_no_cl=yes
tcp_connection_lifetime=3605
${input.maxConnections ? `tcp_max_connections=${Math.floor(input.maxConnections)}` : '# default connection limit'}
dns=no
rev_dns=no
use_dns_cache=off

loadpath "${input.modulesDir}"
loadmodule "kex.so"
loadmodule "corex.so"
loadmodule "tm.so"
loadmodule "tmx.so"
loadmodule "sl.so"
loadmodule "rr.so"
loadmodule "pv.so"
loadmodule "maxfwd.so"
loadmodule "textops.so"
loadmodule "siputils.so"
loadmodule "xlog.so"
loadmodule "sanity.so"
loadmodule "usrloc.so"
loadmodule "registrar.so"
loadmodule "auth.so"
loadmodule "htable.so"
loadmodule "nathelper.so"
loadmodule "tls.so"
loadmodule "xhttp.so"
loadmodule "websocket.so"
${trunk ? `loadmodule "rtpengine.so"\nmodparam("rtpengine", "rtpengine_sock", "${trunk.rtpengineNg}")\nmodparam("rr", "enable_double_rr", 1)` : ''}

modparam("tls", "config", "${input.tlsConfigFile}")
modparam("htable", "htable", "ha1=>size=4;")
modparam("usrloc", "handle_lost_tcp", 1)
modparam("usrloc", "close_expired_tcp", 1)
modparam("registrar", "min_expires", 60)
modparam("registrar", "max_expires", 3600)
modparam("registrar", "gruu_enabled", 0)
modparam("nathelper", "received_avp", "$avp(RECEIVED)")
modparam("registrar", "received_avp", "$avp(RECEIVED)")
modparam("rr", "append_fromtag", 1)
modparam("websocket", "keepalive_mechanism", 0)
${input.sipDumpFolder ? sipDump(input.sipDumpFolder) : ''}
${input.shed ? shedModules(input.shed) : ''}

event_route[htable:mod-init] {
${ha1Lines}
}

request_route {
  if (!mf_process_maxfwd_header("10")) {
    sl_send_reply("483", "Too Many Hops");
    exit;
  }
  if (!sanity_check("17895", "7")) {
    exit;
  }
  # Every client here is on a WebSocket: let replies and in-dialog requests
  # find their connection again.
  if (nat_uac_test("64")) {
    force_rport();
    if (is_method("REGISTER")) {
      fix_nated_register();
    } else if (!add_contact_alias()) {
      sl_send_reply("400", "Bad Request");
      exit;
    }
  }
${input.shed ? shedRegister(input.shed) : ''}
  if (is_method("OPTIONS") && uri == myself && $rU == $null) {
    sl_send_reply("200", "OK");
    exit;
  }
  if (has_totag()) {
    route(WITHINDLG);
    exit;
  }
  if (is_method("CANCEL")) {
    if (t_check_trans()) {
      t_relay();
    }
    exit;
  }
  t_check_trans();
  # A client with an outbound proxy (a customer's SIP phone) pre-loads a Route
  # naming us; a proxy must not pass its own entry on (RFC 3261 16.4), and it
  # routes new requests itself: drop it, as Kamailio's default config does.
  remove_hf("Route");
${trunk ? trunkInvite(trunk) : ''}
  route(AUTH);
  if (is_method("REGISTER")) {
    if (!save("location")) {
      sl_reply_error();
    }
    exit;
  }
  if (!is_method("INVITE|MESSAGE")) {
    sl_send_reply("405", "Method Not Allowed");
    exit;
  }
${trunk ? echoInvite(trunk) : ''}
${whoMayCall(input.callerUser, input.agentCalls === true)}
  consume_credentials();
  record_route();
  if (!lookup("location")) {
    sl_send_reply("480", "Temporarily Unavailable");
    exit;
  }
  handle_ruri_alias();
  route(RELAY);
}

route[AUTH] {
  if (!is_present_hf("Authorization") && !is_present_hf("Proxy-Authorization")) {
    auth_challenge("${realm}", "1");
    exit;
  }
  # An unknown user gets 403 at once (sip.js and JsSIP stop on 403).
  if ($sht(ha1=>$au) == $null) {
    xlog("L_NOTICE", "auth: $rm from unknown user $au at $si:$sp\n");
    sl_send_reply("403", "Forbidden");
    exit;
  }
  # REGISTER: www digest, the To user must be the auth user; INVITE: proxy digest.
  if (is_method("REGISTER")) {
    pv_auth_check("${realm}", "$sht(ha1=>$au)", "1", "1");
  } else {
    pv_auth_check("${realm}", "$sht(ha1=>$au)", "1", "0");
  }
  $var(rc) = $rc;
  if ($var(rc) > 0) {
    return;
  }
  xlog("L_NOTICE", "auth: $rm from $au (To $tU) at $si:$sp: pv_auth_check $var(rc)\n");
  # Wrong HA1 (-2) or a user registering someone else (-8): 403. Anything
  # else (a nonce of a previous run after a restart, -4/-1): a fresh challenge.
  if ($var(rc) == -2 || $var(rc) == -8) {
    sl_send_reply("403", "Forbidden");
    exit;
  }
  auth_challenge("${realm}", "1");
  exit;
}

route[WITHINDLG] {
  if (loose_route()) {
${trunk ? `    if (check_route_param("rtp=bridged")) route(MEDIA);` : ''}
    if (!isdsturiset()) {
      handle_ruri_alias();
    }
    # A WebSocket client that reconnected (Kamailio restarted, the network
    # changed) is no longer on the connection its Contact's alias names:
    # reach it over its newest registration, found by the Request-URI's user
    # (a Contact named after its AOR, as the platform's) or else the To user
    # (a phone's AOR); neither registered: the alias as it is.
    $var(ruri) = $ru;
    $var(du) = "";
    if (isdsturiset()) $var(du) = $du;
    $ru = "sip:" + $rU + "@" + $td;
    if (!lookup("location")) {
      $ru = "sip:" + $tU + "@" + $td;
      if (!lookup("location")) {
        $ru = $var(ruri);
        # $du = $var(du) with nothing saved would set the destination "0".
        if ($var(du) != "") $du = $var(du);
        else resetdsturi();
      }
    }
    route(RELAY);
    exit;
  }
  if (is_method("ACK")) {
    if (t_check_trans()) {
      t_relay();
    }
    exit;
  }
  sl_send_reply("404", "Not here");
  exit;
}

route[RELAY] {
  if (is_method("INVITE|BYE|UPDATE|CANCEL|ACK")) {
    t_on_reply("REPLY");
  }
${trunk ? `  if (isflagset(1) || isflagset(2)) t_on_failure("MEDIA_FAILED");` : ''}
  if (!t_relay()) {
    xlog("L_NOTICE", "relay: $rm to $ru via $du failed ($rc)\\n");
    sl_reply_error();
  }
  exit;
}

onreply_route[REPLY] {
  if (nat_uac_test("64")) {
    add_contact_alias();
  }
${trunk ? mediaReply() : ''}
}
${trunk ? mediaRoutes() : ''}
event_route[xhttp:request] {
  set_reply_close();
  set_reply_no_connect();
  if ($Rp != ${wsPort} && $Rp != ${wssPort}) {
    xhttp_reply("403", "Forbidden", "", "");
    exit;
  }
  if ($hdr(Upgrade) =~ "websocket" && $hdr(Connection) =~ "Upgrade" && $rm =~ "GET") {
    if (ws_handle_handshake()) {
      exit;
    }
  }
  xhttp_reply("404", "Not Found", "", "");
}
`;
}

/** Only the platform places calls; with agentCalls an agent may also call another agent's extension (never the platform's user). */
function whoMayCall(callerUser: string, agentCalls: boolean): string {
  if (!agentCalls) {
    return `  if ($au != "${callerUser}") {
    sl_send_reply("403", "Only the platform places calls");
    exit;
  }`;
  }
  return `  if ($au != "${callerUser}" && !(is_method("INVITE") && $sht(ha1=>$rU) != $null && $rU != "${callerUser}")) {
    sl_send_reply("403", "Agents call only agents");
    exit;
  }`;
}

/** Every SIP message in and out as text files (sipdump), the trace a report quotes. */
function sipDump(folder: string): string {
  return `loadmodule "sipdump.so"
modparam("sipdump", "enable", 1)
modparam("sipdump", "mode", 1)
modparam("sipdump", "folder", "${folder}")
modparam("sipdump", "fprefix", "sip-")`;
}

export function kamailioTlsConfig(files: { certificate: string; privateKey: string }): string {
  return `# Written by test/interop for one run.
[server:default]
method = TLSv1.2+
verify_certificate = no
require_certificate = no
certificate = ${files.certificate}
private_key = ${files.privateKey}

[client:default]
method = TLSv1.2+
verify_certificate = yes
require_certificate = yes
`;
}
