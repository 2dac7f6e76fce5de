// Reason phrases of the statuses the PBX side sends (RFC 3261 §21, as pjsip prints them).
const REASONS: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  183: 'Session Progress',
  200: 'OK',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  410: 'Gone',
  480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist',
  484: 'Address Incomplete',
  486: 'Busy Here',
  487: 'Request Terminated',
  488: 'Not Acceptable Here',
  491: 'Request Pending',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  603: 'Decline',
};

export function reasonOf(status: number): string {
  return REASONS[status] ?? 'Unknown';
}
