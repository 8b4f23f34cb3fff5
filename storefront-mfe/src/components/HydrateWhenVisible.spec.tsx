import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { serverRenderer } from '@dentalmarket/ui/testing';
import { HydrateWhenVisible } from './HydrateWhenVisible.js';

/** An IntersectionObserver the test drives: which elements are watched, and "this one is now near the screen". */
const watched = new Map<Element, (entries: Array<{ isIntersecting: boolean }>) => void>();
class TestObserver {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe(element: Element) {
    watched.set(element, this.callback);
  }
  disconnect() {
    for (const [element, callback] of watched) if (callback === this.callback) watched.delete(element);
  }
}

const clicked: number[] = [];
const rendered: number[] = [];

function Card({ id }: { id: number }) {
  rendered.push(id);
  return (
    <button type="button" onClick={() => clicked.push(id)}>
      Card {id}
    </button>
  );
}

const page = (
  <MemoryRouter>
    {[1, 2, 3].map((id) => (
      <HydrateWhenVisible key={id}>
        <Card id={id} />
      </HydrateWhenVisible>
    ))}
  </MemoryRouter>
);

const button = (container: HTMLElement, id: number) => [...container.querySelectorAll('button')].find((b) => b.textContent === `Card ${id}`)!;

describe('HydrateWhenVisible (issue 20)', () => {
  beforeAll(() => {
    (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = TestObserver;
  });

  it('renders its part on the server, then hydrates each part only when it comes near the screen or a pointer reaches it', async () => {
    const renderToString = await serverRenderer();
    const html = renderToString(page);
    expect(rendered).toEqual([1, 2, 3]); // the server renders every part
    rendered.length = 0;
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
    });
    // the server's HTML is on the page, none of it hydrated yet: a click does nothing
    expect(rendered).toEqual([]);
    expect(container.textContent).toBe('Card 1Card 2Card 3');
    await act(async () => button(container, 1).click());
    expect(clicked).toEqual([]);

    // the second card comes near the screen: it hydrates, and now answers
    const second = button(container, 2);
    await act(async () => watched.get(second)!([{ isIntersecting: true }]));
    expect(rendered).toEqual([2]);
    await act(async () => second.click());
    expect(clicked).toEqual([2]);

    // a pointer over the third (not on screen yet for the observer) hydrates it before the click lands
    const third = button(container, 3);
    await act(async () => {
      // (jsdom has no PointerEvent; the event's type is what counts)
      third.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    });
    await act(async () => third.click());
    expect(clicked).toEqual([2, 3]);
    // the first never came near: still the server's, never rendered here, and no hydration error anywhere
    expect(rendered).toEqual([2, 3]);
    expect(container.textContent).toBe('Card 1Card 2Card 3');
    expect(errors).toEqual([]);
    act(() => root!.unmount());
    container.remove();
  });
});
