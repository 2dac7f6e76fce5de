// The twelve operations of the spec: id (the simulator's fault ids), the
// name people read, the path, and whether it is authorized with a token.
export const OPERATIONS = {
  clientAuth: { title: 'Client Authentication', path: '/Integra/resources/auth/getUserToken', authorized: false },
  agentLogin: { title: 'Agent Authentication', path: '/Integra/resources/auth/AgentLogin', authorized: false },
  logout: { title: 'Log Out', path: '/Integra/resources/api/AgentLogoff', authorized: true },
  hangup: { title: 'Hang Up Call', path: '/Integra/resources/Agents/HangupPhone', authorized: true },
  dialerTask: { title: 'Add Record to Dialer', path: '/Integra/resources/Dialers/DialerTask', authorized: true },
  uploadBase: { title: 'Upload Base', path: '/Integra/resources/Dialers/uploadbase', authorized: true },
  disposition: { title: 'Call Disposition', path: '/Integra/resources/api/DispositionCall', authorized: true },
  createAgent: { title: 'Create Agent', path: '/Integra/resources/sip/addsip', authorized: true },
  addQueueMember: { title: 'Add Agent to Campaign', path: '/Integra/resources/queues/addqueuemember', authorized: true },
  makeCall: { title: 'Make Call', path: '/Integra/resources/Agents/AgentCall', authorized: true },
  getCampaigns: { title: 'Get Campaigns', path: '/Integra/resources/queues/getqueues', authorized: true },
  getDialers: { title: 'Get Dialers', path: '/Integra/resources/Dialers/get', authorized: true },
} as const;

export type OperationId = keyof typeof OPERATIONS;
export type AuthorizedOperationId = {
  [K in OperationId]: (typeof OPERATIONS)[K]['authorized'] extends true ? K : never;
}[OperationId];

export function operationTitle(operation: OperationId): string {
  return OPERATIONS[operation].title;
}
