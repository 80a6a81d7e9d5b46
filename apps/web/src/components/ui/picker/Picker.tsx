import type { ResourceItem } from '@cohort/api';
import { useState } from 'react';
import { SheetActions } from '@/components/ui/SheetActions.tsx';
import { Alert } from '../Alert.tsx';
import { Button, type ButtonProps, Spinner } from '../Button.tsx';
import { Sheet } from '../Sheet.tsx';
import * as s from './Picker.css.ts';
import { type PickerList, type PickerOutcome, type PickerSelection, resolvePickerDone } from './picker-rules.ts';
import { SearchSelect } from './SearchSelect.tsx';

export interface PickerProps {
  /** The opening button's text and look (the caller's text and style). */
  buttonLabel: string;
  buttonVariant?: ButtonProps['variant'];
  title?: string;
  lists: readonly PickerList[];
  /** Loading the lists: shown inside the picker, with a retry on failure. */
  loading?: boolean;
  loadError?: string | null;
  onRetryLoad?: () => void;
  onOpen?: () => void;
  /**
   * Receives what Done resolved to (never null); resolves to an error message to keep the picker open
   * with the choice kept, or to nothing when it is done.
   */
  onDone: (outcome: NonNullable<PickerOutcome>) => Promise<string | null | undefined> | string | null | undefined;
}

export function Picker({
  buttonLabel,
  buttonVariant = 'secondary',
  title,
  lists,
  loading,
  loadError,
  onRetryLoad,
  onOpen,
  onDone,
}: PickerProps) {
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<PickerSelection>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setSelection({});
    setError(null);
  };

  const done = async () => {
    const outcome = resolvePickerDone(selection);
    // With no complete choice Done simply closes, and nothing is saved.
    if (!outcome) return close();
    setSaving(true);
    setError(null);
    const failure = await onDone(outcome);
    setSaving(false);
    if (failure) setError(failure);
    else close();
  };

  const choose = (type: PickerList['type'], item: ResourceItem | null) =>
    setSelection((sel) => ({ ...sel, [type]: item }));

  return (
    <>
      <Button
        variant={buttonVariant}
        block
        onClick={() => {
          setOpen(true);
          onOpen?.();
        }}
      >
        {buttonLabel}
      </Button>
      {open && (
        <Sheet
          title={title ?? buttonLabel}
          onClose={close}
          footer={<SheetActions label="Done" busy={saving} lockCancel stretch onCancel={close} onConfirm={done} />}
        >
          {loading && (
            <p className={s.status}>
              <Spinner label="Loading lists" /> Loading…
            </p>
          )}
          {loadError && (
            <Alert
              action={
                onRetryLoad && (
                  <Button small variant="secondary" onClick={onRetryLoad}>
                    Retry
                  </Button>
                )
              }
            >
              {loadError}
            </Alert>
          )}
          {lists.map((list) => (
            <SearchSelect
              key={list.type}
              label={list.label}
              items={list.items}
              selected={selection[list.type] ?? null}
              onChange={(item) => choose(list.type, item)}
            />
          ))}
          {error && <Alert>{error}</Alert>}
        </Sheet>
      )}
    </>
  );
}
