// The twelve operations by id (the ids the control API's faults use) and path.
export const operationPaths = {
  clientAuth: '/Integra/resources/auth/getUserToken',
  agentLogin: '/Integra/resources/auth/AgentLogin',
  logout: '/Integra/resources/api/AgentLogoff',
  hangup: '/Integra/resources/Agents/HangupPhone',
  dialerTask: '/Integra/resources/Dialers/DialerTask',
  uploadBase: '/Integra/resources/Dialers/uploadbase',
  disposition: '/Integra/resources/api/DispositionCall',
  createAgent: '/Integra/resources/sip/addsip',
  addQueueMember: '/Integra/resources/queues/addqueuemember',
  makeCall: '/Integra/resources/Agents/AgentCall',
  getCampaigns: '/Integra/resources/queues/getqueues',
  getDialers: '/Integra/resources/Dialers/get',
} as const;

export type OperationId = keyof typeof operationPaths;
export const operationIds = Object.keys(operationPaths) as OperationId[];

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && Object.hasOwn(operationPaths, value);
}
