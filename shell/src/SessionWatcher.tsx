import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import { TIMINGS } from '@dentalmarket/contracts';
import { toastMessage } from '@dentalmarket/ui';
import { api, RENDERING_ON_SERVER, selectSessionExpired, sessionActions, useAppDispatch, useAppSelector, useGetMeQuery } from '@dentalmarket/store';

/**
 * Loads the session (GET /api/me, refetched every 5 minutes) and handles its expiry (SPEC §4). Not
 * on the server: a server-rendered page is the anonymous shopper's, the session is the browser's.
 */
export function SessionWatcher() {
  useGetMeQuery(undefined, { pollingInterval: TIMINGS.sessionRefetchMs, skip: RENDERING_ON_SERVER });
  const expired = useAppSelector(selectSessionExpired);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (!expired) return;
    console.log('Session expired, redirecting to auth page');
    dispatch(api.util.invalidateTags(['Me']));
    enqueueSnackbar(toastMessage('Session Expired', 'Your session has expired. Please log in again.'), { variant: 'error' });
    dispatch(sessionActions.acknowledgeExpiry());
    navigate('/auth');
  }, [expired, dispatch, navigate, enqueueSnackbar]);

  return null;
}
