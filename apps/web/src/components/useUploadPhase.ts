import { useState } from 'react';

export type UploadPhase = 'idle' | 'uploading' | 'processing';

/**
 * The phase of a file upload for `UploadProgress`: the bytes being sent (with their percentage),
 * then, after the last byte, the server checking and writing the rows; idle again when it settled.
 */
export function useUploadPhase() {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  return {
    phase,
    progress,
    busy: phase !== 'idle',
    /** Runs `send` with the progress callback to hand to `upload`; its answer or rejection passes through. */
    track: async <T>(send: (onProgress: (percent: number) => void) => Promise<T>): Promise<T> => {
      setProgress(0);
      setPhase('uploading');
      try {
        return await send((p) => {
          setProgress(p);
          if (p >= 100) setPhase('processing');
        });
      } finally {
        setPhase('idle');
      }
    },
  };
}
