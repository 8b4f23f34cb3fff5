import { useId, useRef, type Ref } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import LinearProgress from '@mui/material/LinearProgress';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { IMPORT_LIMITS } from '@dentalmarket/contracts';
import { importTemplateHref } from './importsApi.js';
import { fileSize } from './importText.js';
import { CreateCategoriesCheckbox, StepLayout } from './StepLayout.js';

export interface ChooseFileStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  file: File | null;
  onFile: (file: File | null, problem: string | null) => void;
  createCategories: boolean;
  onCreateCategories: (checked: boolean) => void;
  checking: boolean;
  /** the client's or the server's reason the file was refused */
  problem: string | null;
  onCheck: () => void;
  onCancel: () => void;
}

/** Step 1: the template, the file, the option, and the dry run ('Check file'). */
export function ChooseFileStep({ headingRef, file, onFile, createCategories, onCreateCategories, checking, problem, onCheck, onCancel }: ChooseFileStepProps) {
  const input = useRef<HTMLInputElement>(null);
  const chosenId = useId();
  return (
    <StepLayout
      heading="Choose a file"
      headingRef={headingRef}
      busy={checking}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="contained" onClick={onCheck} disabled={!file || checking}>
            Check file
          </Button>
        </>
      }
    >
      <Typography color="text.secondary">
        One row per product, matched to the catalogue by its slug. Columns may come in any order; the file is checked before anything changes.
      </Typography>
      <Box>
        <Link href={importTemplateHref()} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <FileDownloadOutlined fontSize="small" aria-hidden />
          Download template
        </Link>
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* the real input stays out of sight: the visible button opens it, and a spec or a browser robot fills it by its label */}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          hidden
          disabled={checking}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            // the same file chosen again (after a fix in the spreadsheet) must fire a change too
            event.target.value = '';
            if (!chosen) return;
            if (chosen.size > IMPORT_LIMITS.fileMaxBytes) onFile(null, `${chosen.name} is larger than 50 MB (${fileSize(chosen.size)}). Split it into smaller files.`);
            else onFile(chosen, null);
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={checking} aria-describedby={chosenId}>
          Choose CSV file
        </Button>
        <Typography id={chosenId} sx={{ minWidth: 0, overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
          {file ? `${file.name} (${fileSize(file.size)})` : 'No file chosen'}
        </Typography>
      </Stack>
      <CreateCategoriesCheckbox checked={createCategories} disabled={checking} onChange={onCreateCategories} />
      {checking ? (
        <Box>
          <LinearProgress aria-label="Checking file" />
          <Typography sx={{ mt: 1 }}>Checking file…</Typography>
        </Box>
      ) : null}
      {problem ? <Alert severity="error">{problem}</Alert> : null}
    </StepLayout>
  );
}
