// The plain-SIP trunk of the test Kamailio (kamailio-config.ts): customers
// over UDP whose media rtpengine bridges to the agents' WebRTC, as pieces of
// kamailio.cfg. The flags per side are from webrtc-notes.md ("The media path").

/**
 * Customers on plain SIP over UDP (a trunk, G.711, RFC 4733), bridged to the
 * agents' DTLS-SRTP/ICE by rtpengine (webrtc-notes.md: "The media path").
 * A customer's INVITE is trusted by the port it arrives on, as a trunk by its
 * source, and tagged with a call context like the platform's queue does.
 */
export interface KamailioTrunk {
  host: string;
  udpPort: number;
  /** rtpengine's control socket, e.g. `udp:127.0.0.1:22222`. */
  rtpengineNg: string;
  /** The campaign named in the X-CTI of a customer's call. */
  campaign: string;
  /** The platform's echo extension (e.g. `*43`): an agent's call to it goes to this plain-SIP peer (`sip:<user>@<ip>:<port>`), media through rtpengine. */
  echo?: { extension: string; uri: string };
}

// rtpengine flags, by the side the SDP goes to (webrtc-notes.md).
export const TO_WEBRTC = 'ICE=force DTLS=passive UDP/TLS/RTP/SAVPF SDES-off rtcp-mux-offer rtcp-mux-require generate-mid replace-origin replace-session-connection';
export const TO_PLAIN = 'RTP/AVP ICE=remove DTLS=off rtcp-mux-demux replace-origin replace-session-connection';

/** A customer's INVITE on the trunk: no digest (trusted by its port), an X-CTI like the queue's, media through rtpengine. */
export function trunkInvite(trunk: KamailioTrunk): string {
  return `  if (is_method("INVITE") && proto == UDP && $Rp == ${trunk.udpPort}) {
    if (!($fU =~ "^[+0-9A-Za-z]{1,32}$")) {
      sl_send_reply("403", "Unknown caller");
      exit;
    }
    remove_hf("X-CTI");
    append_hf("X-CTI: {\\"Guid\\":\\"$(ci{s.md5})\\",\\"Campaign\\":\\"${trunk.campaign}\\",\\"Callerid\\":\\"$fU\\",\\"Answer\\":\\"FALSE\\"}\\r\\n");
    record_route();
    add_rr_param(";rtp=bridged");
    if (!lookup("location")) {
      sl_send_reply("480", "Temporarily Unavailable");
      exit;
    }
    handle_ruri_alias();
    setflag(1);
    if (!rtpengine_offer("${TO_WEBRTC} record-call=yes")) {
      sl_send_reply("503", "Media server unavailable");
      exit;
    }
    route(RELAY);
  }`;
}

/**
 * An agent's call to the echo extension (after its digest): to the echo peer
 * over UDP, its offer made plain by rtpengine (flag 2: the answer goes back
 * toward WebRTC), marked bridged so in-dialog requests re-offer and BYE frees
 * the media, as a customer's call the other way.
 */
export function echoInvite(trunk: KamailioTrunk): string {
  if (!trunk.echo) return '';
  return `  if (is_method("INVITE") && $rU == "${trunk.echo.extension}") {
    consume_credentials();
    record_route();
    add_rr_param(";rtp=bridged");
    $ru = "${trunk.echo.uri}";
    setflag(2);
    if (!rtpengine_offer("${TO_PLAIN}")) {
      sl_send_reply("503", "Media server unavailable");
      exit;
    }
    route(RELAY);
  }`;
}

/** In-dialog requests of a bridged call: re-offers by direction (flag 1: toward the agent), released on BYE. */
export function mediaRoutes(): string {
  return `
route[MEDIA] {
  xlog("L_INFO", "media: $rm from $proto:$si:$sp to $ru via $du\\n");
  if (is_method("BYE|CANCEL")) {
    rtpengine_delete();
    return;
  }
  if (is_method("INVITE|UPDATE") && has_body("application/sdp")) {
    if (proto == WS || proto == WSS) {
      setflag(2);
      rtpengine_offer("${TO_PLAIN}");
    } else {
      setflag(1);
      rtpengine_offer("${TO_WEBRTC}");
    }
  }
}

failure_route[MEDIA_FAILED] {
  if (t_is_canceled() || t_check_status("[3-6][0-9][0-9]")) {
    if (!has_totag()) rtpengine_delete();
  }
}
`;
}

/** In the reply route: an answer goes back the other way (an offer sent to the agent, flag 1, is answered toward the plain side). */
export function mediaReply(): string {
  return `  xlog("L_INFO", "reply: $rs to $rm from $proto:$si:$sp flags $mF sdp $cl\\n");
  # The answer goes back the other way: an offer sent to the agent (flag 1) is answered toward the plain side.
  if (status =~ "^(18[03]|2[0-9][0-9])$" && has_body("application/sdp")) {
    if (isflagset(1)) rtpengine_answer("${TO_PLAIN}");
    else if (isflagset(2)) rtpengine_answer("${TO_WEBRTC}");
  }`;
}
