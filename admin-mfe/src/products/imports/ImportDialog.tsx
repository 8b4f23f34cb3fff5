import { useEffect, useId, useRef, useState } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import type { ImportStatus, ImportSummary } from '@dentalmarket/contracts';
import { RUNNING_IMPORT_STATUSES, useApplyImportMutation, useCheckImportMutation, useGetImportQuery, useGetLatestImportQuery } from './importsApi.js';
import { adminErrorMessage } from '../../categories/adminErrors.js';
import { useAdminToast } from '../../categories/useAdminToast.js';
import { ApplyingStep } from './ApplyingStep.js';
import { ChooseFileStep } from './ChooseFileStep.js';
import { ERRORS_PAGE_SIZE } from './ImportErrorsTable.js';
import { ImportResultStep } from './ImportResultStep.js';
import { checkFigures, resultCounts, resultSentence } from './importText.js';
import { ReviewStep } from './ReviewStep.js';
import { visuallyHidden } from './StepLayout.js';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

type Step = 'looking' | 'choose' | 'review' | 'applying' | 'done';

/** How often the running job is asked about. */
const POLL_MS = 1000;

const isRunning = (status: ImportStatus | undefined) => status !== undefined && RUNNING_IMPORT_STATUSES.includes(status);

/** A refused file: the server's message; a 413 from a proxy that sends no JSON still says why. */
function checkProblem(error: unknown): string {
  const status = (error as { status?: unknown; originalStatus?: unknown } | null)?.originalStatus ?? (error as { status?: unknown } | null)?.status;
  const message = adminErrorMessage(error, 'Failed to check the file');
  if (status === 413 && /^413: /.test(message)) return 'The file is larger than 50 MB. Split it into smaller files.';
  return message;
}

/**
 * 'Import products from CSV' (issue 22): choose a file, review the dry run, apply it as a background
 * job and follow its progress, then the report. Stays mounted while closed so that a running job is
 * still followed (the grids refresh when it ends); opened afresh, it shows a job still running.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const fullScreen = useMediaQuery('(max-width:767.95px)');
  const titleId = useId();
  const toast = useAdminToast();
  const [file, setFile] = useState<File | null>(null);
  const [createCategories, setCreateCategories] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const [appliedId, setAppliedId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // a job of an earlier visit, as the list gave it: shown until its own answer arrives
  const [adopted, setAdopted] = useState<ImportSummary | null>(null);
  const [check, checkState] = useCheckImportMutation();
  const [apply, applyState] = useApplyImportMutation();
  // a check answered after the admin moved on (closed, chose another file, toggled again) is dropped
  const checkSeq = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);

  // opened with nothing under way: is a job of an earlier visit still running?
  const latest = useGetLatestImportQuery(undefined, { skip: !open || importId !== null || file !== null, refetchOnMountOrArgChange: true });
  const lookingForRunning = open && importId === null && file === null && (latest.isUninitialized || latest.isFetching);
  if (open && importId === null && file === null && !latest.isFetching && latest.data && isRunning(latest.data.status)) {
    setImportId(latest.data.id);
    setAdopted(latest.data);
  }

  const args = { id: importId ?? '', errorsPage: 1, errorsLimit: ERRORS_PAGE_SIZE };
  // asked again every second while the job runs (the poll starts once an answer says it runs)
  const [polling, setPolling] = useState(false);
  const detailQuery = useGetImportQuery(args, { skip: importId === null, pollingInterval: polling ? POLL_MS : 0 });
  const shouldPoll = isRunning(detailQuery.data?.status) || (appliedId !== null && appliedId === importId && detailQuery.data?.status === 'ready');
  if (polling !== shouldPoll) setPolling(shouldPoll);
  const detail = detailQuery.data && detailQuery.data.id === importId ? detailQuery.data : undefined;
  const lost = importId !== null && !detail && detailQuery.isError;

  let step: Step;
  if (importId === null || lost) step = lookingForRunning ? 'looking' : 'choose';
  else if (!detail) step = 'applying';
  else if (detail.status === 'ready') step = appliedId === importId ? 'applying' : 'review';
  else step = isRunning(detail.status) ? 'applying' : 'done';

  const reset = (keepOption = false) => {
    checkSeq.current += 1;
    setFile(null);
    if (!keepOption) setCreateCategories(false);
    setImportId(null);
    setAppliedId(null);
    setProblem(null);
    setAdopted(null);
  };

  const runCheck = async (checked: File, withCategories: boolean) => {
    const mine = ++checkSeq.current;
    setProblem(null);
    // the focused control is disabled while the file is checked: the step's heading keeps the focus
    if (step === 'choose') heading.current?.focus();
    try {
      const result = await check({ file: checked, createCategories: withCategories }).unwrap();
      if (checkSeq.current === mine) setImportId(result.id);
    } catch (error) {
      if (checkSeq.current !== mine) return;
      setProblem(checkProblem(error));
      // the option shown stays the one the review shows
      if (step === 'review') setCreateCategories(!withCategories);
    }
  };

  const runApply = async () => {
    if (!importId) return;
    setProblem(null);
    try {
      await apply(importId).unwrap();
      setAppliedId(importId);
    } catch (error) {
      setProblem(adminErrorMessage(error, 'Failed to apply the import'));
    }
  };

  // each step starts at its heading (not on opening: the dialog itself takes the focus then)
  const shownStep = useRef<Step | null>(null);
  useEffect(() => {
    if (!open) {
      shownStep.current = null;
      return;
    }
    if (shownStep.current !== null && shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  }, [open, step]);

  // a job that ends while the dialog is closed is reported in a toast, and the next opening starts afresh
  const lastStatus = useRef<ImportStatus | undefined>(undefined);
  useEffect(() => {
    const before = lastStatus.current;
    lastStatus.current = detail?.status;
    if (open || !detail || !isRunning(before) || isRunning(detail.status)) return;
    if (detail.status === 'applied' && detail.result) toast.success('Import finished', resultCounts(detail.result));
    if (detail.status === 'failed') toast.failure(`The import stopped before the end: ${detail.failure ?? 'unknown reason'}`);
    reset();
    // only a change of the job's status (or of the dialog's openness) matters here
  }, [detail?.status, open]);

  const stepRef = useRef(step);
  stepRef.current = step;
  const closed = () => {
    // a running job stays followed; anything else starts afresh next time
    if (stepRef.current !== 'applying') reset();
  };

  const announcement = checkState.isLoading
    ? 'Checking file…'
    : step === 'review' && detail
      ? `Check finished: ${checkFigures(detail.counts).map((f) => f.text).join(', ')}`
      : step === 'applying'
        ? 'Applying the import'
        : step === 'done' && detail
          ? detail.status === 'failed'
            ? `The import stopped before the end: ${detail.failure ?? ''}`
            : detail.result
              ? resultSentence(detail.result)
              : ''
          : '';

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId} slotProps={{ transition: { onExited: closed } }}>
      <DialogTitle id={titleId}>Import products from CSV</DialogTitle>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {step === 'looking' ? (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Looking for a running import" />
        </DialogContent>
      ) : step === 'choose' ? (
        <ChooseFileStep
          headingRef={heading}
          file={file}
          onFile={(chosen, refusal) => {
            setFile(chosen);
            setProblem(refusal);
            if (lost) setImportId(null);
          }}
          createCategories={createCategories}
          onCreateCategories={setCreateCategories}
          checking={checkState.isLoading}
          problem={problem ?? (lost ? adminErrorMessage(detailQuery.error, 'Failed to fetch the import') : null)}
          onCheck={() => file && runCheck(file, createCategories)}
          onCancel={onClose}
        />
      ) : step === 'review' && detail ? (
        <ReviewStep
          headingRef={heading}
          detail={detail}
          createCategories={createCategories}
          onCreateCategories={(checked) => {
            setCreateCategories(checked);
            if (file) void runCheck(file, checked);
          }}
          checking={checkState.isLoading}
          applying={applyState.isLoading}
          problem={problem}
          onApply={runApply}
          onChooseAnother={() => reset(true)}
          onCancel={onClose}
        />
      ) : step === 'applying' ? (
        <ApplyingStep headingRef={heading} summary={detail ?? (adopted?.id === importId ? adopted : null)} onClose={onClose} />
      ) : detail ? (
        <ImportResultStep headingRef={heading} detail={detail} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}
