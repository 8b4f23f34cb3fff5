import { useEffect, useRef, type RefObject } from 'react';
import { useFormikContext } from 'formik';

/**
 * After a submit that validation refused, moves focus to the first invalid field on the page (in
 * reading order), so a keyboard or screen-reader user lands on what to fix, not on the button.
 */
export function FocusFirstError({ within }: { within: RefObject<HTMLElement | null> }) {
  const { submitCount, isSubmitting, isValidating, isValid } = useFormikContext();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    if (!isValid) within.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValidating, isValid, within]);
  return null;
}
