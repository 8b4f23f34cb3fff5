import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';

/**
 * Put inside a Formik form: after a submit that fails validation, focus moves to the first invalid
 * field (in page order), where its message is, instead of staying on the button.
 */
export function FocusFirstError() {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const marker = useRef<HTMLSpanElement>(null);
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    marker.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid]);
  return <span ref={marker} hidden />;
}
