export { createDispatcher, type Dispatch, type DispatchOptions, type RequestHandler, type RequestHandlers } from './handle';
export { createRequestHandlers } from './request-handlers';
export { forwardEvents, type ConnectivitySource, type EventSink } from './event-sink';
export { settingsView } from './settings-view';
export type { AppServices } from './app-services';
