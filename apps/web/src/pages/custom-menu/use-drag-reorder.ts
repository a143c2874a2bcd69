import { type DragEvent, useState } from 'react';

/** Where a dragged button sits: its parent (null for the top level) and its index there. */
export interface DragSpot {
  parent: number | null;
  index: number;
}

/**
 * Reordering by native HTML5 drag events, without a library: a button is dropped among its own
 * siblings only (a sub-button stays under its top-level button). Returns the props each item
 * spreads, and the spot currently hovered so the item can show where the drop will land.
 */
export function useDragReorder(onMove: (parent: number | null, from: number, to: number) => void) {
  const [dragging, setDragging] = useState<DragSpot | null>(null);
  const [over, setOver] = useState<DragSpot | null>(null);
  const sameParent = (spot: DragSpot) => dragging !== null && dragging.parent === spot.parent;

  const itemProps = (spot: DragSpot) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.stopPropagation();
      e.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only when some data is set.
      e.dataTransfer.setData('text/plain', `${spot.parent ?? 'top'}:${spot.index}`);
      setDragging(spot);
    },
    onDragOver: (e: DragEvent) => {
      if (!sameParent(spot)) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      if (over?.parent !== spot.parent || over.index !== spot.index) setOver(spot);
    },
    onDrop: (e: DragEvent) => {
      if (!dragging || !sameParent(spot)) return;
      e.preventDefault();
      e.stopPropagation();
      onMove(spot.parent, dragging.index, spot.index);
      setDragging(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });
  const isOver = (spot: DragSpot) =>
    over !== null && sameParent(spot) && over.index === spot.index && dragging?.index !== spot.index;
  return { itemProps, isOver, dragging };
}
