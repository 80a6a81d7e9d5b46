import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import * as s from './Toast.css.ts';
import { dismissToastAtom, type ToastMessage, toastsAtom } from './toast-state.ts';

const SHOWN_MS = 6000;

function ToastItem({ toast }: { toast: ToastMessage }) {
  const dismiss = useSetAtom(dismissToastAtom);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id]);
  return (
    <div className={s.tone[toast.tone]} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span>{toast.text}</span>
      <button type="button" className={s.close} onClick={() => dismiss(toast.id)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

export function ToastViewport() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className={s.viewport}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
