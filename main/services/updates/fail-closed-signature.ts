// Windows update signatures that fail closed. electron-updater's own check
// (Get-AuthenticodeSignature through PowerShell) *accepts* the installer when
// PowerShell cannot run ("Ignoring signature validation due to unsupported
// powershell version"), and floors that lock PowerShell down with AppLocker
// are common. Wrapped here, any check that did not run is a refusal.

export interface VerifierLogger {
  info(message?: unknown): void;
  warn(message?: unknown): void;
  error(message?: unknown): void;
}

/** electron-updater's `verifySignature`: null = signed by one of `publisherNames`, else why not. */
export type SignatureVerifier = (publisherNames: string[], file: string, logger: VerifierLogger) => Promise<string | null>;

/** NsisUpdater's `verifyUpdateCodeSignature`. */
export type UpdateSignatureCheck = (publisherNames: string[], file: string) => Promise<string | null>;

export function failClosed(verify: SignatureVerifier, log: (message: string) => void): UpdateSignatureCheck {
  return async (publisherNames, file) => {
    if (publisherNames.length === 0) return 'no code-signing publisher is configured for this build';
    let skipped: string | null = null;
    const logger: VerifierLogger = {
      info: (message) => log(String(message)),
      warn: (message) => {
        const text = String(message);
        if (/ignoring signature validation/iu.test(text)) skipped = text;
        log(text);
      },
      error: (message) => log(String(message)),
    };
    let verdict: string | null;
    try {
      verdict = await verify(publisherNames, file, logger);
    } catch (error) {
      return `the signature could not be checked: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (skipped !== null) return `the signature could not be checked (${skipped})`;
    return verdict;
  };
}
