// Where the page finds the browser host's bridge socket. Apart from the wire's schemas (zod) so the
// page's first module can open the socket before the contract's schemas are built (issue 23).

/** Path of the bridge socket on the browser host; the secret goes in the `secret` query parameter, a one-time code in `code`. */
export const BRIDGE_PATH = '/bridge';
