import { lazy, Suspense, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { selectIsAdmin, useAppSelector } from '@dentalmarket/store';
import { ProductEditorContext, toastMessage, type ProductEditorRequest } from '@dentalmarket/ui';
import { QuietBoundary } from './QuietBoundary.js';
import { loadRemoteModule } from './remotes.js';

interface EditorProps {
  request: ProductEditorRequest;
  onClose: () => void;
}

let ProductEditor: ComponentType<EditorProps> | null = null;

/**
 * Gives admins the marketplace's 'Add New Product' and card edit buttons: the admin remote's
 * product dialog (`admin/ProductEditor`), downloaded the first time an admin opens it, so a
 * shopper never fetches the admin remote.
 */
export function ProductEditorHost({ children }: { children: ReactNode }) {
  const isAdmin = useAppSelector(selectIsAdmin);
  const [request, setRequest] = useState<ProductEditorRequest | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { enqueueSnackbar } = useSnackbar();
  const open = useCallback((next: ProductEditorRequest) => setRequest(next), []);
  const close = useCallback(() => setRequest(null), []);
  const failed = useCallback(
    (error: Error) => {
      console.warn('The product editor could not be loaded:', error.message);
      enqueueSnackbar(toastMessage('Error', 'The product editor could not be loaded. Please try again.'), { variant: 'error' });
      ProductEditor = null; // the next attempt downloads it again
      setRequest(null);
      setAttempt((n) => n + 1);
    },
    [enqueueSnackbar],
  );
  if (request) ProductEditor ??= lazy(() => loadRemoteModule('admin', 'ProductEditor') as Promise<{ default: ComponentType<EditorProps> }>);
  const Editor = ProductEditor;
  return (
    <ProductEditorContext.Provider value={isAdmin ? open : null}>
      {children}
      {request && Editor ? (
        <QuietBoundary key={attempt} onError={failed}>
          <Suspense fallback={null}>
            <Editor request={request} onClose={close} />
          </Suspense>
        </QuietBoundary>
      ) : null}
    </ProductEditorContext.Provider>
  );
}
