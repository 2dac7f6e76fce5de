// The smallest page that does what the app's cold start ends with: sip.js
// registers one agent over WebSocket. Credentials come in the address's hash
// (JSON); when registered it calls the bench's binding `coldReport` (bench/cold-start.ts)
// with performance.now().
import { Registerer, RegistererState, UserAgent } from 'sip.js';

declare global {
  interface Window {
    coldReport?: (payload: string) => void;
  }
}

interface BareCredentials {
  uri: string;
  user: string;
  ha1: string;
  wsUrl: string;
}

const credentials = JSON.parse(decodeURIComponent(location.hash.slice(1))) as BareCredentials;
const uri = UserAgent.makeURI(credentials.uri);
if (!uri) throw new Error('bad SIP URI');
const userAgent = new UserAgent({
  uri,
  authorizationUsername: credentials.user,
  authorizationHa1: credentials.ha1,
  transportOptions: { server: credentials.wsUrl },
  logLevel: 'error',
});
const registerer = new Registerer(userAgent);
let reported = false;
registerer.stateChange.addListener((state) => {
  if (state === RegistererState.Registered && !reported) {
    reported = true;
    window.coldReport?.(String(performance.now()));
  }
});
await userAgent.start();
await registerer.register();
