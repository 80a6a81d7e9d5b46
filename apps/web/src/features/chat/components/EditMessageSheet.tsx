import { LIMITS, type Message } from '@cohort/api';
import { useState } from 'react';
import { ActionSheet } from '@/components/ui/ActionSheet.tsx';
import { TextArea } from '@/components/ui/TextField.tsx';
import { useMessageEdits } from '../api/message-edits.ts';

const MESSAGE_MAX = LIMITS.messageText;

type MessageSheetProps = { message: Message; onDone: (message: Message) => void; onClose: () => void };

/** Edit my message: the new text is saved for everyone; on failure the text typed stays. */
export function EditMessageSheet({ message, onDone, onClose }: MessageSheetProps) {
  const { edit, busy } = useMessageEdits();
  const [text, setText] = useState(message.message);
  const [error, setError] = useState<string | null>(null);
  const trimmed = text.trim();
  const invalid =
    trimmed === ''
      ? 'A message cannot be empty.'
      : text.length > MESSAGE_MAX
        ? `At most ${MESSAGE_MAX} characters.`
        : null;
  const save = async () => {
    if (invalid) return setError(invalid);
    if (trimmed === message.message) return onClose();
    const r = await edit(message.id, trimmed);
    if (!r.ok) return setError(`Could not save: ${r.error.message}`);
    onDone(r.value);
  };
  return (
    <ActionSheet title="Edit message" onClose={onClose} label="Save" busy={busy} onConfirm={save} error={error}>
      <TextArea
        label="Message"
        value={text}
        maxLength={MESSAGE_MAX}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
    </ActionSheet>
  );
}

/** Delete a message after a confirmation; everyone then sees "Message deleted" in its place. */
export function DeleteMessageSheet({ message, onDone, onClose }: MessageSheetProps) {
  const { remove, busy } = useMessageEdits();
  const [error, setError] = useState<string | null>(null);
  return (
    <ActionSheet
      title="Delete message?"
      onClose={onClose}
      label="Delete"
      variant="danger"
      busy={busy}
      error={error}
      onConfirm={async () => {
        const r = await remove(message.id);
        if (!r.ok) return setError(`Could not delete: ${r.error.message}`);
        onDone(r.value);
      }}
    >
      <p>It is removed for everyone in the chat, with its attachments and pin.</p>
    </ActionSheet>
  );
}
