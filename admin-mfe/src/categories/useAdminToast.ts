import { useCallback, useMemo } from 'react';
import { useSnackbar } from 'notistack';
import { toastMessage } from '@dentalmarket/ui';

/** The admin screens' two toast kinds: a success title with a line of detail, and an 'Error' titled failure. */
export function useAdminToast() {
  const { enqueueSnackbar } = useSnackbar();
  const success = useCallback(
    (title: string, description?: string) => enqueueSnackbar(toastMessage(title, description), { variant: 'success' }),
    [enqueueSnackbar],
  );
  const failure = useCallback(
    (description: string) => enqueueSnackbar(toastMessage('Error', description), { variant: 'error' }),
    [enqueueSnackbar],
  );
  return useMemo(() => ({ success, failure }), [success, failure]);
}
