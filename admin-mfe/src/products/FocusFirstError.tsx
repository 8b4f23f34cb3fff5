import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';

/**
 * After a submit that found errors, focuses the first invalid field in `order` (the form's visual
 * order), so a keyboard or screen-reader user lands where the problem is. A select's named input
 * is hidden: its combobox takes the focus. Render it inside the <form>.
 */
export function FocusFirstError({ order }: { order: readonly string[] }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<Record<string, unknown>>();
  const anchor = useRef<HTMLSpanElement>(null);
  const handled = useRef(submitCount);
  useEffect(() => {
    if (isSubmitting || isValidating || submitCount === handled.current) return;
    handled.current = submitCount;
    const first = order.find((name) => errors[name] !== undefined);
    const form = anchor.current?.closest('form');
    if (!first || !form) return;
    const input = form.querySelector<HTMLElement>(`[name="${first}"]`);
    const target = input?.getAttribute('aria-hidden') === 'true' ? input.parentElement?.querySelector<HTMLElement>('[role="combobox"]') : input;
    target?.focus();
  }, [submitCount, isSubmitting, isValidating, errors, order]);
  return <span ref={anchor} hidden />;
}
