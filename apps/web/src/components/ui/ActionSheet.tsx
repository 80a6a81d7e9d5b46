import type { ComponentProps, ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { Sheet } from './Sheet.tsx';
import { SheetActions } from './SheetActions.tsx';

/**
 * A sheet that confirms one action: Cancel (which closes it) and the action in its footer, and what
 * went wrong, if anything, below its content. The action's props are SheetActions' own.
 */
export function ActionSheet({
  title,
  onClose,
  error,
  children,
  ...action
}: Omit<ComponentProps<typeof SheetActions>, 'onCancel'> & {
  title: string;
  onClose: () => void;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Sheet title={title} onClose={onClose} footer={<SheetActions {...action} onCancel={onClose} />}>
      {children}
      {error ? <Alert>{error}</Alert> : null}
    </Sheet>
  );
}
