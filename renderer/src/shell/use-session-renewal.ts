// Main signs the agent in again by itself after the platform may have lost the
// login (session.renewal). The agent sees nothing while it works; a failed
// renewal is shown until a later one succeeds or the session ends.
import { useEffect, useState } from 'react';
import type { IpcError } from '../../../common/ipc-contract';
import type { SoftphoneApi } from '../bridge';

export function useSessionRenewal(api: SoftphoneApi): IpcError | null {
  const [problem, setProblem] = useState<IpcError | null>(null);
  useEffect(
    () =>
      api.subscribe('session.renewal', (renewal) => {
        if (renewal.state === 'failed') setProblem(renewal.error);
        else if (renewal.state === 'renewed') setProblem(null);
      }),
    [api],
  );
  return problem;
}
