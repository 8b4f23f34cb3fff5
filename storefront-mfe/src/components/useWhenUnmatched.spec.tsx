import { act, screen } from '@testing-library/react';
import { hydrateAt } from '@dentalmarket/ui/testing';
import { useWhenUnmatched } from './useWhenUnmatched.js';

const PHONE = '(max-width: 767.95px)';

describe('useWhenUnmatched', () => {
  // a page hydrated on a phone, where the query matches: not rendered a second time (MUI's
  // useMediaQuery answered the server's 'no match' while hydrating, then the phone's, and React
  // rendered the component again at once without yielding, with everything under it)
  it('renders a server-rendered component once in the browser, on a phone too', async () => {
    let renders = 0;
    function Page() {
      useWhenUnmatched(PHONE, () => undefined);
      renders += 1;
      return <p>the page</p>;
    }
    expect(await hydrateAt(<Page />, 375)).toEqual([]);
    await act(async () => undefined); // every update React has scheduled (effects, a store's change) runs here
    // once on the server, once hydrating
    expect(renders).toBe(2);
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
