import { useCallback, useEffect, useRef, useState } from 'react';
import { type PendingFile, refusalOf, titleFromName } from './pending-files';

let nextKey = 0;

/**
 * The files picked for upload, each with an object URL for its preview. A URL is revoked as soon as its file
 * leaves the list (uploaded or removed) and all of them when the screen goes, so no picked image stays in memory.
 */
export function usePendingFiles() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const current = useRef(files);
  current.current = files;
  useEffect(() => () => revoke(current.current), []);

  /** Adds the acceptable files; returns the refusals of the rest. */
  const add = useCallback((picked: readonly File[]): string[] => {
    const refusals: string[] = [];
    const accepted: PendingFile[] = [];
    for (const file of picked) {
      const refusal = refusalOf(file);
      if (refusal) refusals.push(refusal);
      else
        accepted.push({
          key: `pending-${++nextKey}`,
          file,
          title: titleFromName(file.name),
          previewUrl: URL.createObjectURL(file),
          status: 'waiting',
          progress: 0,
        });
    }
    if (accepted.length > 0) setFiles((list) => [...list, ...accepted]);
    return refusals;
  }, []);

  const update = useCallback((key: string, change: Partial<Omit<PendingFile, 'key' | 'file' | 'previewUrl'>>) => {
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  const remove = useCallback((key: string) => {
    setFiles((list) => {
      revoke(list.filter((f) => f.key === key));
      return list.filter((f) => f.key !== key);
    });
  }, []);

  return { files, add, update, remove };
}

function revoke(files: readonly PendingFile[]) {
  for (const f of files) URL.revokeObjectURL(f.previewUrl);
}
