import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';

export interface FigureColumn<Row> {
  header: string;
  /** numbers are right-aligned */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

export interface FigureTableProps<Row> {
  /** the table's name (its caption) */
  caption: string;
  columns: readonly FigureColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** a long table scrolls inside the card (a year of days) */
  maxHeight?: number;
}

/** A small table of figures: terms and counts, or a chart's numbers. Long words wrap; numbers stay on one line. */
export function FigureTable<Row>({ caption, columns, rows, rowKey, maxHeight }: FigureTableProps<Row>) {
  const captionId = useId();
  return (
    <TableContainer
      // a container that scrolls is a named region a keyboard can reach and scroll
      {...(maxHeight ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}
      sx={{ maxHeight, overflowX: 'hidden' }}
    >
      <Table size="small" stickyHeader={Boolean(maxHeight)} aria-labelledby={captionId} sx={{ '& caption': { captionSide: 'top', p: 0, pb: 1 } }}>
        <Typography component="caption" id={captionId} variant="body2" color="text.secondary" sx={{ textAlign: 'left' }}>
          {caption}
        </Typography>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: column.numeric ? 'nowrap' : undefined }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={column.numeric ? 'right' : 'left'}
                  sx={column.numeric ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } : { overflowWrap: 'anywhere' }}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * 'Show as table': the numbers behind a card's charts, for whoever cannot or would rather not read
 * them off the bars. Closed at first; the button says whether the table is open (aria-expanded).
 */
export function ShowAsTable<Row>(props: FigureTableProps<Row>) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        startIcon={<TableChartOutlined />}
        aria-expanded={open}
        aria-controls={open ? tableId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Hide table' : 'Show as table'}
      </Button>
      {open ? (
        <Box id={tableId} sx={{ mt: 1 }}>
          <FigureTable {...props} />
        </Box>
      ) : null}
    </Box>
  );
}
