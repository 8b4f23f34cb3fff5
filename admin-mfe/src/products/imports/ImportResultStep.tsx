import type { Ref } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import AlertTitle from '@mui/material/AlertTitle';
import type { ImportDetail } from '@dentalmarket/contracts';
import { ImportErrorsTable } from './ImportErrorsTable.js';
import { progressText, resultSentence } from './importText.js';
import { StepLayout } from './StepLayout.js';

export interface ImportResultStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  detail: ImportDetail;
  onClose: () => void;
}

/** Step 4: what the apply did, and the rows that failed; or why the job stopped. */
export function ImportResultStep({ headingRef, detail, onClose }: ImportResultStepProps) {
  const failed = detail.status === 'failed';
  return (
    <StepLayout
      heading={failed ? 'Import stopped' : 'Import done'}
      headingRef={headingRef}
      actions={
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      }
    >
      {failed ? (
        <Alert severity="error" role="none">
          <AlertTitle>The import stopped before the end</AlertTitle>
          {detail.failure ?? 'The import failed.'}
        </Alert>
      ) : null}
      {failed ? <Typography>{progressText(detail.progress)} were applied.</Typography> : null}
      {detail.result ? (
        <Alert severity={detail.result.error > 0 ? 'warning' : 'success'} role="none">
          {resultSentence(detail.result)}
        </Alert>
      ) : null}
      <ImportErrorsTable key={detail.id} importId={detail.id} heading="Rows that failed" />
    </StepLayout>
  );
}
