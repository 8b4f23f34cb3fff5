import { useId, useState } from 'react';
import { Box, Typography } from '@mui/material';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useGetImportQuery } from './importsApi.js';
import { figure } from './importText.js';

/** The first page is the one the dry run's answer carries, so the review shows it without asking again. */
export const ERRORS_PAGE_SIZE = 20;

export interface ImportErrorsTableProps {
  importId: string;
  heading: string;
}

/** The failing rows of an import, a page at a time from the server: file line, the row's slug or name, the column, the message. */
export function ImportErrorsTable({ importId, heading }: ImportErrorsTableProps) {
  const headingId = useId();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(ERRORS_PAGE_SIZE);
  const { data, isFetching, isError } = useGetImportQuery({ id: importId, errorsPage: page + 1, errorsLimit: limit });
  const errors = data?.errors;
  if (!errors || errors.total === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {heading}
      </Typography>
      {isError ? <Typography color="error">Failed to fetch the rows with errors</Typography> : null}
      {/* it scrolls (tall, and sideways on a phone): reachable and scrollable by keyboard, named by its
          heading; a group, not a second region of the same name inside the section (one landmark each) */}
      <TableContainer tabIndex={0} role="group" aria-labelledby={headingId} sx={{ maxHeight: 440, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}>
        <Table size="small" stickyHeader aria-labelledby={headingId} aria-busy={isFetching || undefined}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>Line</TableCell>
              <TableCell>Row</TableCell>
              <TableCell>Column</TableCell>
              <TableCell>Problem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.rows.map((error, index) => (
              <TableRow key={`${error.line}-${error.field ?? ''}-${index}`}>
                <TableCell>{figure(error.line)}</TableCell>
                <TableCell sx={{ overflowWrap: 'break-word' }}>{error.label ?? '—'}</TableCell>
                <TableCell>{error.field ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'break-word' }}>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={errors.total}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={[ERRORS_PAGE_SIZE, 50, 100]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setLimit(Number(event.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}
