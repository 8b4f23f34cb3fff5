import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@dentalmarket/contracts';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionState {
  user: User | null;
  status: SessionStatus;
  /** set when a call with session handling got 401; the shell shows the toast and goes to /auth */
  expired: boolean;
}

export const initialSessionState: SessionState = { user: null, status: 'loading', expired: false };

export const sessionExpired = createAction('session/expired');

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    setUser(state, action: PayloadAction<User | null>) {
      state.user = action.payload;
      state.status = action.payload ? 'authenticated' : 'anonymous';
      if (action.payload) state.expired = false;
    },
    acknowledgeExpiry(state) {
      state.expired = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.user = null;
      state.status = 'anonymous';
      state.expired = true;
    });
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectSessionStatus: (state) => state.status,
    selectIsAdmin: (state) => state.user?.role === 'admin',
    selectSessionExpired: (state) => state.expired,
  },
});

export const sessionActions = sessionSlice.actions;
export const { selectCurrentUser, selectSessionStatus, selectIsAdmin, selectSessionExpired } = sessionSlice.selectors;
