// Domain models of the Integra platform: zod schemas, inferred types and the
// field-format parsers. No Node, no DOM.
export * from './field-format';
export * from './zod-issues';
export * from './agent';
export * from './campaign';
export * from './campaign-formats';
export * from './dialer';
export * from './dialer-formats';
export * from './dialer-task';
export * from './disposition';
export * from './queue-member';
export * from './make-call';
export * from './cti';
export * from './transfer-target';
export * from './list-file';
