import { useId, type ReactNode } from 'react';
import { alpha, Box, Stack, Typography, type Theme } from '@mui/material';
// the shared '@mui/material' facade carries only the first pages' components: these come by their paths
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { LiveFrontends, LiveSharedModule } from '@dentalmarket/contracts';
import { formatCount, SOURCE_LABELS, sharedFlagsText } from './integrationFormat.js';

const FLAGGED = { own: 'warning', unmet: 'error' } as const;

/** A row that needs a look (a remote on its own copy, or one it did not get): tinted, with a bar on its start edge. */
const flaggedRow = (color: (typeof FLAGGED)[keyof typeof FLAGGED]) => (theme: Theme) => ({
  backgroundColor: alpha(theme.palette[color].main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
  '& > th:first-of-type': { boxShadow: `inset 4px 0 0 ${theme.palette[color].main}` },
});

/**
 * A fixed layout wraps long names and versions in their columns instead of widening the table past a
 * phone's width; the cells' side padding shrinks there too.
 */
const tableSx = {
  tableLayout: 'fixed',
  '& th, & td': { px: { xs: 1, sm: 2 }, verticalAlign: 'top' },
  '& tbody tr:last-child > *': { borderBottom: 0 },
} as const;

const mono = { fontFamily: 'monospace', fontSize: { xs: '0.8rem', sm: '0.85rem' }, overflowWrap: 'anywhere' } as const;
const version = { overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' } as const;
/** A cell's two parts: stacked in a phone's narrow column, on one line where there is room (one row a module). */
const firstPart = { display: { xs: 'block', md: 'inline' } } as const;
const secondPart = { display: { xs: 'block', md: 'inline' }, ml: { md: 1.5 } } as const;
/** An icon sitting on the text's line, before a source that needs a look. */
const flagIcon = { fontSize: '1rem', verticalAlign: '-0.2em', mr: 0.5 } as const;

/** A module's name, breaking after a slash before anywhere else; then whether it is one copy for the whole page. */
function ModuleName({ name, singleton }: { name: string; singleton: boolean }) {
  const parts = name.split('/');
  return (
    <>
      <Box component="span" sx={{ ...mono, ...firstPart }}>
        {parts.map((part, i) => (i === 0 ? part : [<wbr key={i} />, `/${part}`]))}
      </Box>
      {singleton ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={secondPart}>
          singleton
        </Typography>
      ) : null}
    </>
  );
}

/**
 * A list of shared modules folded away: ~20 a remote would make the card a long page. The summary
 * says how many and what stands out; the rows are rendered only once it is opened.
 */
function SharedAccordion({ count, flags, children }: { count: number; flags?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ heading: { component: 'h5' }, transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMore aria-hidden />} id={`${id}-summary`} aria-controls={`${id}-details`}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>{`Shared modules (${formatCount(count)})`}</Typography>
          {flags ? (
            <Typography component="span" variant="body2" color="text.secondary">
              {flags}
            </Typography>
          ) : null}
        </Stack>
      </AccordionSummary>
      {/* the Accordion wraps the details in a region named by the summary, whose id is aria-controls */}
      <AccordionDetails sx={{ px: { xs: 0, sm: 1 }, pt: 0 }}>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}

/** A remote's shared modules: the version it asked for, the one it got and where from; its own copies and unmet ones stand out. */
export function RemoteSharedModules({ shared }: { shared: LiveSharedModule[] }) {
  if (shared.length === 0) return <Typography color="text.secondary">No shared modules known.</Typography>;
  return (
    <SharedAccordion count={shared.length} flags={sharedFlagsText(shared)}>
      <Table size="small" sx={tableSx}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Module
            </TableCell>
            <TableCell component="th" scope="col" sx={{ width: { xs: '25%', sm: '20%' } }}>
              Asked for
            </TableCell>
            <TableCell component="th" scope="col" sx={{ width: { xs: '33%', sm: '30%' } }}>
              Got
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shared.map((module) => {
            const flag = module.source === 'shell' ? null : FLAGGED[module.source];
            return (
              <TableRow key={module.name} sx={flag ? flaggedRow(flag) : undefined}>
                <TableCell component="th" scope="row">
                  <ModuleName name={module.name} singleton={module.singleton} />
                </TableCell>
                <TableCell sx={version}>{module.asked}</TableCell>
                <TableCell>
                  <Box component="span" sx={{ ...version, ...firstPart, fontWeight: module.source === 'unmet' ? 700 : undefined }}>
                    {module.got ?? 'none'}
                  </Box>
                  <Typography component="span" variant="caption" sx={{ ...secondPart, color: flag ? 'text.primary' : 'text.secondary', fontWeight: flag ? 600 : undefined }}>
                    {module.source === 'unmet' ? <ErrorOutline color="error" sx={flagIcon} aria-hidden /> : null}
                    {module.source === 'own' ? <WarningAmber color="warning" sx={flagIcon} aria-hidden /> : null}
                    {SOURCE_LABELS[module.source]}
                  </Typography>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </SharedAccordion>
  );
}

/** The shell's shared modules: what it gives the remotes. */
export function ShellSharedModules({ shared }: { shared: LiveFrontends['shell']['shared'] }) {
  if (shared.length === 0) return <Typography color="text.secondary">No shared modules known.</Typography>;
  return (
    <SharedAccordion count={shared.length}>
      <Table size="small" sx={tableSx}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Module
            </TableCell>
            <TableCell component="th" scope="col" sx={{ width: { xs: '36%', sm: '30%' } }}>
              Version
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shared.map((module) => (
            <TableRow key={module.name}>
              <TableCell component="th" scope="row">
                <ModuleName name={module.name} singleton={module.singleton} />
              </TableCell>
              <TableCell sx={version}>{module.version}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SharedAccordion>
  );
}
