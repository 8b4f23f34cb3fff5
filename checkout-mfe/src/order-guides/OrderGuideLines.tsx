import { useEffect, useState, type KeyboardEvent } from 'react';
import { Box, Chip, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link as RouterLink } from 'react-router';
import { productPagePath, type OrderGuide, type OrderGuideLine } from '@dentalmarket/contracts';
import { ORDER_GUIDE_LIMITS, ORDER_GUIDE_PROBLEM_TEXT } from '@dentalmarket/contracts/order-guides';
import { money } from '../orders/orderFormat.js';

/** The problems as the line's chip says them. */
const PROBLEM_LABELS = { not_found: 'No longer available', not_equipment: 'Not orderable', out_of_stock: 'Out of stock' } as const;

export interface LineActions {
  setQuantity: (line: OrderGuideLine, quantity: number) => void;
  move: (line: OrderGuideLine, position: number) => void;
  remove: (line: OrderGuideLine) => void;
}

/** The quantity field: a whole number from 1 to 999, sent when it leaves the field or on Enter. */
function QuantityField({ line, onCommit }: { line: OrderGuideLine; onCommit: (quantity: number) => void }) {
  const [text, setText] = useState(String(line.quantity));
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  const value = Number(text);
  const valid = /^\d+$/.test(text.trim()) && value >= 1 && value <= ORDER_GUIDE_LIMITS.quantityMax;
  const commit = () => {
    if (valid && value !== line.quantity) onCommit(value);
  };
  return (
    <TextField
      size="small"
      label="Quantity"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter') commit();
      }}
      error={!valid}
      helperText={valid ? undefined : `1 to ${ORDER_GUIDE_LIMITS.quantityMax}`}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${line.name}` } }}
      sx={{ width: 96 }}
    />
  );
}

function Line({ line, index, count, actions }: { line: OrderGuideLine; index: number; count: number; actions: LineActions }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: line.id });
  const unavailable = line.problem !== null;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      aria-label={line.name}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        py: 1.5,
        borderTop: index === 0 ? 0 : 1,
        borderColor: 'divider',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Reorder ${line.name}`} size="small" sx={{ cursor: 'grab', touchAction: 'none' }}>
        <DragIndicator />
      </IconButton>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {line.slug ? (
            <Link component={RouterLink} to={productPagePath(line.slug)} color="inherit">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {line.manufacturer}
          {line.price !== null ? ` · ${money(line.price)} each` : ''}
        </Typography>
        {unavailable ? <Chip size="small" color="error" variant="outlined" label={PROBLEM_LABELS[line.problem!]} sx={{ mt: 0.5 }} /> : null}
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', ml: 'auto' }}>
        <QuantityField line={line} onCommit={(quantity) => actions.setQuantity(line, quantity)} />
        <IconButton aria-label={`Move ${line.name} up`} onClick={() => actions.move(line, index - 1)} disabled={index === 0}>
          <ArrowUpward />
        </IconButton>
        <IconButton aria-label={`Move ${line.name} down`} onClick={() => actions.move(line, index + 1)} disabled={index === count - 1}>
          <ArrowDownward />
        </IconButton>
        <IconButton aria-label={`Remove ${line.name}`} onClick={() => actions.remove(line)}>
          <DeleteOutlined />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** What a screen reader hears while a line is dragged by keyboard: the product's name and its place. */
function announcements(lines: OrderGuideLine[]): Announcements {
  const name = (id: unknown) => lines.find((line) => line.id === id)?.name ?? 'The line';
  const place = (id: unknown) => `position ${lines.findIndex((line) => line.id === id) + 1} of ${lines.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${place(over.id)}.` : `${name(active.id)} is no longer over a place in the list.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} was dropped at ${place(over.id)}.` : `${name(active.id)} was dropped where it was.`),
    onDragCancel: ({ active }) => `Reordering cancelled: ${name(active.id)} is back where it was.`,
  };
}

const INSTRUCTIONS = 'To reorder a line, press Space or Enter on its handle, move it with the arrow keys, and press Space or Enter to drop it, or Escape to cancel. The Move up and Move down buttons do the same one place at a time.';

/**
 * A guide's lines in order (issue 36): drag a line by its handle (pointer or touch; by keyboard,
 * Space on the handle then the arrow keys), or move it one place with Move up / Move down; change
 * its quantity; remove it. A line that cannot be ordered now says why.
 */
export function OrderGuideLines({ guide, actions }: { guide: OrderGuide; actions: LineActions }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const line = guide.lines.find((l) => l.id === active.id);
    const to = guide.lines.findIndex((l) => l.id === over.id);
    if (line && to >= 0) actions.move(line, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(guide.lines), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={guide.lines.map((line) => line.id)} strategy={verticalListSortingStrategy}>
        <Box component="ul" aria-label={`Products on ${guide.name}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {guide.lines.map((line, index) => (
            <Line key={line.id} line={line} index={index} count={guide.lines.length} actions={actions} />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

/** The words for a skipped line: '“X” is out of stock'. */
export const skippedText = (line: { name: string; problem: keyof typeof ORDER_GUIDE_PROBLEM_TEXT }) => `“${line.name}” ${ORDER_GUIDE_PROBLEM_TEXT[line.problem]}`;
