// Loads a list over the bridge and keeps the last one while refreshing, so
// the table stays mounted (scroll and selection kept).
import { useCallback, useEffect, useState } from 'react';
import type { IpcError, IpcResult } from '../../../common/ipc-contract';

export interface Records<T> {
  rows: T[] | null;
  loading: boolean;
  error: IpcError | null;
  refresh: () => void;
}

export function useRecords<T>(load: () => Promise<IpcResult<T[]>>): Records<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<IpcError | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void load().then((result) => {
      if (!active) return;
      setLoading(false);
      if (result.ok) {
        setRows(result.value);
        setError(null);
      } else {
        setError(result.error);
      }
    });
    return () => {
      active = false;
    };
  }, [load, generation]);

  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  return { rows, loading, error, refresh };
}
