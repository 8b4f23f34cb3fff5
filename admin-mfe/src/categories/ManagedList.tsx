import { useState, type ReactNode } from 'react';
import { Box, Button, InputAdornment, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import type { DropResult } from '@hello-pangea/dnd';
import { SortableList } from './SortableList.js';

interface Named {
  id: number;
  name: string;
  description: string | null;
}

export interface ManagedListProps<T extends Named> {
  /** 'categories' or 'subcategories': the list's id and the wording of the reorder hint */
  noun: string;
  searchPlaceholder: string;
  addLabel: string;
  onAdd: () => void;
  loadingText: string;
  emptyText: string;
  isLoading: boolean;
  /** every item, in the order shown (possibly a reorder not yet saved) */
  items: readonly T[];
  onDragEnd: (result: DropResult) => void;
  renderRow: (item: T) => ReactNode;
}

/** Name or description contains the term, ignoring case; the lists are one type's few items, so this runs in the browser. */
export function matchesSearch(item: Named, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return !needle || item.name.toLowerCase().includes(needle) || (item.description ?? '').toLowerCase().includes(needle);
}

/** Search box, add button and the reorderable list, as the categories and subcategories screens both show them (SPEC §2). */
export function ManagedList<T extends Named>(props: ManagedListProps<T>) {
  const { noun, searchPlaceholder, addLabel, onAdd, loadingText, emptyText, isLoading, items, onDragEnd, renderRow } = props;
  const [term, setTerm] = useState('');
  const filtering = term.trim() !== '';
  const shown = filtering ? items.filter((item) => matchesSearch(item, term)) : items;

  let body: ReactNode;
  if (isLoading) body = <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{loadingText}</Typography>;
  else if (shown.length === 0) body = <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{emptyText}</Typography>;
  else body = <SortableList droppableId={noun} items={shown} dragDisabled={filtering} onDragEnd={onDragEnd} renderRow={renderRow} />;

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setTerm('')}
          placeholder={searchPlaceholder}
          slotProps={{
            htmlInput: { 'aria-label': searchPlaceholder.replace(/\.+$/, ''), type: 'search' },
            input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
          }}
          sx={{ flex: '1 1 16rem' }}
        />
        <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Box>
      {filtering && !isLoading && items.length > 0 && (
        // positions in a filtered list do not say where an item goes among all of them
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {`Clear the search to reorder ${noun}.`}
        </Typography>
      )}
      {body}
    </Box>
  );
}
