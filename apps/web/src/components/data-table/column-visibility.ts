import type { VisibilityState } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import type { DataTableColumn } from './types';

const STORAGE_PREFIX = 'greenpod_columns_';

/** The viewer's own choices, column by column; columns they never touched follow the defaults. */
function readChoices(storageKey: string | undefined): VisibilityState {
  if (!storageKey) return {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_PREFIX + storageKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean'));
  } catch {
    // A hand-edited or truncated entry is no reason to break the list: start from the defaults.
    return {};
  }
}

function writeChoices(storageKey: string | undefined, choices: VisibilityState) {
  if (!storageKey) return;
  if (Object.keys(choices).length === 0) localStorage.removeItem(STORAGE_PREFIX + storageKey);
  else localStorage.setItem(STORAGE_PREFIX + storageKey, JSON.stringify(choices));
}

export interface ColumnVisibility {
  /** Every column's visibility, in TanStack Table's shape. */
  visibility: VisibilityState;
  setVisible(key: string, visible: boolean): void;
  /** Back to the defaults, forgetting the stored choices. */
  reset(): void;
  /** Whether the viewer has chosen anything the defaults do not say. */
  customised: boolean;
}

/**
 * Which columns a table shows: each column's default (DataTableColumn.defaultHidden), overridden by what the
 * viewer chose, kept per table in this browser under `storageKey` (none: kept for this visit only).
 */
export function useColumnVisibility<T>(
  columns: readonly DataTableColumn<T>[],
  storageKey: string | undefined,
): ColumnVisibility {
  const [choices, setChoices] = useState<VisibilityState>(() => readChoices(storageKey));
  const [loadedKey, setLoadedKey] = useState(storageKey);
  // Another table under the same component (one admin list to the next): its own choices.
  if (loadedKey !== storageKey) {
    setLoadedKey(storageKey);
    setChoices(readChoices(storageKey));
  }

  const defaults = useMemo(() => Object.fromEntries(columns.map((c) => [c.key, !c.defaultHidden])), [columns]);
  const visibility = useMemo(() => {
    const merged: VisibilityState = { ...defaults };
    for (const [key, visible] of Object.entries(choices)) if (key in defaults) merged[key] = visible;
    return merged;
  }, [defaults, choices]);

  const setVisible = useCallback(
    (key: string, visible: boolean) => {
      setChoices((current) => {
        const next = { ...current };
        // A choice equal to the default is no choice: a later change of the default reaches this viewer too.
        if (defaults[key] === visible) delete next[key];
        else next[key] = visible;
        writeChoices(storageKey, next);
        return next;
      });
    },
    [defaults, storageKey],
  );
  const reset = useCallback(() => {
    writeChoices(storageKey, {});
    setChoices({});
  }, [storageKey]);

  const customised = Object.entries(choices).some(([key, visible]) => key in defaults && defaults[key] !== visible);
  return { visibility, setVisible, reset, customised };
}
