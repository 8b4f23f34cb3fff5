import { useCallback, useState } from 'react';
import type { DropResult } from '@hello-pangea/dnd';
import { moveItem } from './moveItem.js';

interface Local<T> {
  /** the server list this local order was made from; a fresh server list supersedes it */
  base: readonly T[];
  list: readonly T[];
}

/**
 * SPEC §4 Reordering: a drop shows the new order at once, then saves the new index. A failed save
 * puts back the order shown before the drop and reports it through `onFailure`.
 */
export function useOptimisticOrder<T extends { id: number }>(
  items: readonly T[],
  save: (id: number, sortOrder: number) => Promise<unknown>,
  onFailure: (error: unknown) => void,
) {
  const [local, setLocal] = useState<Local<T> | null>(null);
  // derived rather than synced in an effect: the refetch after a save replaces `items`, dropping the override
  const shown = local && local.base === items ? local.list : items;

  const onDragEnd = useCallback(
    async ({ source, destination }: DropResult) => {
      if (!destination || destination.index === source.index) return; // dropped outside the list, or in place
      const before = shown;
      const moved = before[source.index];
      if (!moved) return;
      setLocal({ base: items, list: moveItem(before, source.index, destination.index) });
      try {
        await save(moved.id, destination.index);
      } catch (error) {
        setLocal({ base: items, list: before });
        onFailure(error);
      }
    },
    [items, shown, save, onFailure],
  );

  return { shown, onDragEnd };
}
