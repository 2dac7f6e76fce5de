/** Which texts the badge shows: "all sent" only when nothing waits and nothing was refused (a parked one is not sent). */
export function outboxSummary(waiting: number, parked: number): { sending: 'allSent' | 'waitingOne' | 'waiting' | null; parked: 'parkedOne' | 'parked' | null } {
  return {
    sending: waiting === 1 ? 'waitingOne' : waiting > 1 ? 'waiting' : parked > 0 ? null : 'allSent',
    parked: parked === 1 ? 'parkedOne' : parked > 1 ? 'parked' : null,
  };
}
