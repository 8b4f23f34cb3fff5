import { useEffect, useRef, useState } from 'react';
import { Box, Button, Chip, Collapse, IconButton, List, ListItem, ListItemButton, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { TIMINGS, type Category, type ProductType } from '@dentalmarket/contracts';
import { useGetCategoriesQuery, useGetSubcategoriesQuery } from '@dentalmarket/store';
import { FilterField } from './FilterField.js';

export interface SidebarSelection {
  category: string | null;
  subcategory: string | null;
}

interface Props {
  type: ProductType;
  selection: SidebarSelection;
  onSelect: (selection: SidebarSelection) => void;
  /** the sidebar's search term, reported to the page, which lists the matching products */
  onSearch: (term: string) => void;
}

/** The row a selection points at scrolls into view and carries a ring for 800 ms (SPEC §2). */
function useHighlight(key: string | null): (node: HTMLElement | null, rowKey: string) => void {
  const [ringed, setRinged] = useState<string | null>(null);
  const nodes = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    if (!key) return;
    nodes.current.get(key)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    setRinged(key);
    const timer = window.setTimeout(() => setRinged(null), TIMINGS.highlightMs);
    return () => window.clearTimeout(timer);
  }, [key]);
  return (node, rowKey) => {
    if (node) {
      nodes.current.set(rowKey, node);
      node.style.boxShadow = ringed === rowKey ? 'inset 0 0 0 2px #0b6e8a' : '';
    }
  };
}

function Subcategories({ category, selected, onSelect, register }: { category: Category; selected: string | null; onSelect: (slug: string) => void; register: (node: HTMLElement | null, key: string) => void }) {
  const { data, isLoading } = useGetSubcategoriesQuery(category.id);
  if (isLoading) return <Skeleton sx={{ mx: 4 }} />;
  return (
    <List dense disablePadding aria-label={`${category.name} subcategories`}>
      {(data ?? []).map((sub) => (
        <ListItem key={sub.id} disablePadding>
          <ListItemButton ref={(node) => register(node, `s:${sub.slug}`)} selected={selected === sub.slug} onClick={() => onSelect(sub.slug)} sx={{ pl: 4 }}>
            <ListItemText primary={sub.name} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** SPEC §2 Category sidebar: the categories of a product type, their subcategories, and a search over the type's products. */
export function CategorySidebar({ type, selection, onSelect, onSearch }: Props) {
  const { data: categories, isLoading } = useGetCategoriesQuery({ productType: type });
  const [term, setTerm] = useState('');
  const [expanded, setExpanded] = useState<string | null>(selection.category);
  const register = useHighlight(selection.subcategory ? `s:${selection.subcategory}` : selection.category ? `c:${selection.category}` : null);

  // changing the product type clears the search
  useEffect(() => {
    setTerm('');
    onSearch('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);
  useEffect(() => {
    if (selection.category) setExpanded(selection.category);
  }, [selection.category]);

  const search = (value: string) => {
    setTerm(value);
    onSearch(value.trim());
  };
  const needle = term.trim().toLowerCase();
  const shown = (categories ?? []).filter((c) => !needle || c.name.toLowerCase().includes(needle) || (c.description ?? '').toLowerCase().includes(needle));
  const anySelected = Boolean(selection.category || selection.subcategory);

  return (
    <Paper variant="outlined" component="nav" aria-label="Categories" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          Categories
        </Typography>
        {anySelected && (
          <Button size="small" onClick={() => onSelect({ category: null, subcategory: null })}>
            Clear
          </Button>
        )}
      </Box>
      <FilterField value={term} onChange={search} placeholder="Search categories & products..." label="Search categories & products" mb={1.5} />
      <Box sx={{ height: '24rem', overflowY: 'auto' }} data-testid="category-list">
        {isLoading ? (
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={40} />)
        ) : (categories ?? []).length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            No categories available
            <br />
            {`for ${type} products`}
          </Typography>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            No matching categories found
          </Typography>
        ) : (
          <List dense disablePadding>
            {shown.map((category) => {
              const open = expanded === category.slug;
              return (
                <Box key={category.id} component="li" sx={{ listStyle: 'none' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <ListItemButton
                      ref={(node) => register(node, `c:${category.slug}`)}
                      selected={selection.category === category.slug && !selection.subcategory}
                      onClick={() => {
                        setExpanded(category.slug); // selecting a category collapses the others
                        onSelect({ category: category.slug, subcategory: null });
                      }}
                      sx={{ borderRadius: 1 }}
                    >
                      <ListItemText primary={category.name} />
                      <Chip label={category.subcategory_count} size="small" aria-label={`${category.subcategory_count} subcategories`} />
                    </ListItemButton>
                    <IconButton size="small" aria-label={`${open ? 'Collapse' : 'Expand'} ${category.name}`} aria-expanded={open} onClick={() => setExpanded(open ? null : category.slug)}>
                      {open ? <ExpandLess /> : <ExpandMore />}
                    </IconButton>
                  </Box>
                  <Collapse in={open} unmountOnExit>
                    <Subcategories
                      category={category}
                      selected={selection.subcategory}
                      register={register}
                      onSelect={(slug) => onSelect({ category: category.slug, subcategory: slug })}
                    />
                  </Collapse>
                </Box>
              );
            })}
          </List>
        )}
      </Box>
    </Paper>
  );
}
