import type { ReactNode } from 'react';
import { Box, List, Paper } from '@mui/material';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';

export interface SortableListProps<T extends { id: number; name: string }> {
  droppableId: string;
  items: readonly T[];
  /** while a search narrows the list, positions would not match the server's order */
  dragDisabled: boolean;
  onDragEnd: (result: DropResult) => void;
  /** a row's content beside its drag handle: texts and action buttons */
  renderRow: (item: T) => ReactNode;
}

/** A vertical list whose rows are dragged by their handle; the categories and subcategories screens share it. */
export function SortableList<T extends { id: number; name: string }>({ droppableId, items, dragDisabled, onDragEnd, renderRow }: SortableListProps<T>) {
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId={droppableId}>
        {(drop) => (
          <List ref={drop.innerRef} {...drop.droppableProps} disablePadding>
            {items.map((item, index) => (
              <Draggable key={item.id} draggableId={`${droppableId}-${item.id}`} index={index} isDragDisabled={dragDisabled}>
                {(drag, snapshot) => (
                  <Paper
                    component="li"
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    variant="outlined"
                    data-testid={`${droppableId}-row`}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, mb: 1, listStyle: 'none', boxShadow: snapshot.isDragging ? 4 : 0 }}
                  >
                    <Box
                      {...drag.dragHandleProps}
                      aria-label={`Drag to reorder ${item.name}`}
                      sx={{ display: 'flex', color: dragDisabled ? 'action.disabled' : 'text.secondary', cursor: dragDisabled ? 'default' : 'grab' }}
                    >
                      <DragIndicator fontSize="small" />
                    </Box>
                    {renderRow(item)}
                  </Paper>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </List>
        )}
      </Droppable>
    </DragDropContext>
  );
}
