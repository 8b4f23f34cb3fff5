import { jest } from '@jest/globals';
import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { hydrateAt } from '@dentalmarket/ui/testing';

// the checkout remote's cart debugger
const loadRemoteModule = jest.fn(async () => ({ default: (() => <p>Cart debugger</p>) as ComponentType }));
jest.unstable_mockModule('./remotes.js', () => ({ loadRemoteModule }));
const { CART_DEBUGGER_FLAG, CartDebuggerHost } = await import('./CartDebuggerHost.js');

afterEach(() => {
  localStorage.clear();
  loadRemoteModule.mockClear();
});

describe('the cart debugger host', () => {
  it("hydrates the server's HTML (the server has no localStorage) without a mismatch, then shows the debugger at once when the setting is on", async () => {
    localStorage.setItem(CART_DEBUGGER_FLAG, 'true');
    expect(await hydrateAt(<CartDebuggerHost />, 1280)).toEqual([]);
    expect(await screen.findByText('Cart debugger')).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenCalledWith('checkout', 'CartDebugger');
  });

  it('stays absent while the setting is off, and notices it turned on within 3 s', async () => {
    jest.useFakeTimers();
    try {
      render(<CartDebuggerHost />);
      expect(screen.queryByText('Cart debugger')).toBeNull();
      localStorage.setItem(CART_DEBUGGER_FLAG, 'true');
      await act(async () => {
        jest.advanceTimersByTime(3000);
      });
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByText('Cart debugger')).toBeTruthy();
  });
});
