export { createUpdateCoordinator, feedProblem, mayInstallNow, type InstallMoment, type UpdateCoordinator, type UpdateCoordinatorPorts, type UpdaterPort, type UpdateSettings, type WorkUnderWay } from './update-coordinator';
export { publisherNamesOf, updateTrust, type UpdateTrust, type UpdateTrustInputs } from './update-trust';
export { failClosed, type SignatureVerifier, type UpdateSignatureCheck } from './fail-closed-signature';
