import { useId, type Ref } from 'react';
import { Alert, Box, Button, List, ListItem, Paper, Typography } from '@mui/material';
import LinearProgress from '@mui/material/LinearProgress';
import type { ImportCounts, ImportDetail } from '@dentalmarket/contracts';
import { ImportErrorsTable } from './ImportErrorsTable.js';
import { ImportReviewRows } from './ImportReviewRows.js';
import { checkFigures, figure, missingCategoryText } from './importText.js';
import { CreateCategoriesCheckbox, StepLayout, visuallyHidden } from './StepLayout.js';

export interface ReviewStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  detail: ImportDetail;
  createCategories: boolean;
  onCreateCategories: (checked: boolean) => void;
  /** the same file checked again with the other option */
  checking: boolean;
  applying: boolean;
  /** why the re-check or the apply failed */
  problem: string | null;
  onApply: () => void;
  onChooseAnother: () => void;
  onCancel: () => void;
}

const FIGURE_COLOURS: Record<keyof ImportCounts, string> = { create: 'success.main', update: 'info.main', unchanged: 'divider', error: 'error.main' };

/** Step 2: what the dry run found, before anything changes; 'Apply import' applies the good rows. */
export function ReviewStep(props: ReviewStepProps) {
  const { headingRef, detail, createCategories, onCreateCategories, checking, applying, problem, onApply, onChooseAnother, onCancel } = props;
  const noteId = useId();
  const figuresId = useId();
  const missingId = useId();
  const changes = detail.counts.create + detail.counts.update;
  const note = changes === 0 ? 'Nothing to change.' : detail.counts.error > 0 ? 'Rows with errors are skipped.' : null;
  const busy = checking || applying;
  return (
    <StepLayout
      heading="Review the check"
      headingRef={headingRef}
      busy={checking}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Box sx={{ flexGrow: 1 }} />
          {note ? (
            <Typography id={noteId} variant="body2" color="text.secondary">
              {note}
            </Typography>
          ) : null}
          <Button variant="outlined" onClick={onChooseAnother} disabled={busy}>
            Choose another file
          </Button>
          <Button variant="contained" onClick={onApply} disabled={busy || changes === 0} aria-describedby={note ? noteId : undefined}>
            Apply import
          </Button>
        </>
      }
    >
      <Typography>Nothing has been changed yet. Review the result, then apply.</Typography>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {detail.filename}: {figure(detail.total)} {detail.total === 1 ? 'row' : 'rows'}
      </Typography>
      {checking ? (
        <Box>
          <LinearProgress aria-label="Checking file" />
          <Typography sx={{ mt: 1 }}>Checking file…</Typography>
        </Box>
      ) : null}
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Typography id={figuresId} sx={visuallyHidden}>
        What the import would do
      </Typography>
      <Box component="ul" aria-labelledby={figuresId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } }}>
        {checkFigures(detail.counts).map(({ key, text }) => (
          <Paper component="li" key={key} variant="outlined" sx={{ px: 2, py: 1.5, borderLeft: 4, borderLeftColor: FIGURE_COLOURS[key] }}>
            <Typography sx={{ fontWeight: 600 }}>{text}</Typography>
          </Paper>
        ))}
      </Box>
      {detail.unknownColumns.length ? <Alert severity="info">Ignored columns: {detail.unknownColumns.join(', ')}</Alert> : null}
      {/* an import checked before the review was kept has none */}
      <ImportReviewRows key={`review-${detail.id}`} review={detail.review} />
      {/* not disabled while re-checking: it keeps the focus, and a second change simply checks again */}
      <CreateCategoriesCheckbox checked={createCategories} disabled={applying} onChange={onCreateCategories} />
      {detail.missingCategories.length ? (
        <Box component="section" aria-labelledby={missingId}>
          <Typography id={missingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            Missing categories and subcategories
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {detail.createCategories
              ? 'They will be created when you apply.'
              : 'They do not exist, so the rows that name them have errors. Tick the box above to create them.'}
          </Typography>
          <List dense>
            {detail.missingCategories.map((missing) => (
              <ListItem key={`${missing.kind}-${missing.product_type}-${missing.parent ?? ''}-${missing.name}`} sx={{ display: 'list-item', listStyle: 'disc', ml: 3, pl: 0 }}>
                {missingCategoryText(missing)}
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
      <ImportErrorsTable key={detail.id} importId={detail.id} heading="Rows with errors" />
    </StepLayout>
  );
}
