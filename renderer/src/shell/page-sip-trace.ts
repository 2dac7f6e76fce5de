// The page's one SIP trace (issue 26): every phone the page builds (a new one
// after a network change or a sign-in) writes into it, so the diagnostics
// bundle carries the messages of the last calls whichever phone carried them.
import { SipTrace } from '../phone';

export const pageSipTrace = new SipTrace();
