export { createConnectivity } from './connectivity';
export type {
  Connectivity,
  ConnectivityChange,
  ConnectivityListener,
  ConnectivityReason,
  ConnectivityState,
  OsNetworkEvents,
} from './connectivity';
export { backgroundClock, systemClock } from './clock';
export { addressSignature, createNetworkWatcher, mergeOsEvents, NETWORK_POLL_MS, type InterfaceList, type NetworkWatcherOptions } from './network-watcher';
export type { Clock, TimerHandle } from './clock';
export { backoffDelay, backoffSchedule, backoffCeiling, OUTBOX_BACKOFF, SIP_RECONNECT_BACKOFF } from '../../../common/backoff';
export type { BackoffPolicy, RandomSource } from '../../../common/backoff';
export { API_PROBE_INTERVAL_MS, API_PROBE_TIMEOUT_MS, startApiReachability, type ApiProbeTarget, type ApiReachability, type ApiReachabilityOptions } from './api-reachability';
export { createReachabilityProber, SIP_PROBE_TIMEOUT_MS, type ConnectProbe, type ReachabilityProber, type ReachabilityResult, type WaitOptions } from './reachability-prober';
export { sipUpgradeProbe, sipUpgradeProbeTrusting, type SipProbeOutcome } from './sip-upgrade-probe';
export { sipProbeTarget, tcpConnect, type ProbeTarget } from './tcp-connect';
