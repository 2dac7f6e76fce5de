export { redact, redactText, scrubText, boundText, isSecretKey, rememberSecret, forgetSecret, REDACTED, MAX_TEXT_CHARS, type Redacted } from './redact';
export { createLogger, type Logger, type LogLevel, type LogRecord, type LogSink, type LoggerOptions, type RedactedLine } from './logger';
export { createRotatingFileSink, type RotatingFileOptions, type RotatingFileSink } from './rotating-file-sink';
export { createRendererLogForwarder, type RendererLog, type RendererLogOptions } from './renderer-log';
