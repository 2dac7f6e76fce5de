export { redact, redactText, scrubText, boundText, isSecretKey, REDACTED, MAX_TEXT_CHARS, type Redacted } from './redact';
export { rememberSecret, holdSecrets, forgetSecret, knownSecretsFootprint, RECENT_BUDGET, type SecretHolder } from './known-secrets';
export { createLogger, type Logger, type LogLevel, type LogRecord, type LogSink, type LoggerOptions, type RedactedLine } from './logger';
export { createRotatingFileSink, type RotatingFileOptions, type RotatingFileSink } from './rotating-file-sink';
export { createRendererLogForwarder, type RendererLog, type RendererLogOptions } from './renderer-log';
