import type { Message } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { ReportSheet } from '@/components/ui/ReportSheet.tsx';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { useMessageActions as useMessageApi } from '../api/messages.ts';
import type { ChannelChat } from '../hooks/use-channel-chat.ts';
import type { useMessageActions } from '../hooks/use-message-actions.ts';
import { DeleteMessageSheet, EditMessageSheet } from './EditMessageSheet.tsx';
import { MessageMenu } from './MessageMenu.tsx';

/** The open message's menu and the edit, delete and report sheets it opens. */
export function MessageSheets({
  actions,
  chat,
  me,
  pinnedId,
  groupCreator,
}: {
  actions: ReturnType<typeof useMessageActions>;
  chat: ChannelChat;
  me: string | null;
  pinnedId: string | undefined;
  groupCreator: string | undefined;
}) {
  const toast = useSetAtom(showToastAtom);
  const { report } = useMessageApi();
  const { menuFor, setMenuFor, editing, setEditing, reporting, setReporting, onAction } = actions;
  const EditingSheet = editing?.kind === 'delete' ? DeleteMessageSheet : EditMessageSheet;
  return (
    <>
      {menuFor && (
        <MessageMenu
          item={menuFor}
          pinned={pinnedId === menuFor.id}
          canEdit={menuFor.sender_id === me}
          canDelete={menuFor.sender_id === me || (!!me && groupCreator === me)}
          onAction={onAction}
          onClose={() => setMenuFor(null)}
        />
      )}
      {editing && (
        <EditingSheet
          message={editing.message}
          onClose={() => setEditing(null)}
          onDone={(m: Message) => {
            setEditing(null);
            chat.applyUpdate(m);
            toast({ tone: 'success', text: m.deleted_at ? 'Message deleted.' : 'Message edited.' });
          }}
        />
      )}
      {reporting && (
        <ReportSheet
          title="Report message"
          onReport={async (body) => {
            const result = await report(reporting.id, body);
            return result.ok ? null : result.error.message;
          }}
          onClose={() => setReporting(null)}
          onDone={() => {
            setReporting(null);
            toast({ tone: 'success', text: 'Thanks, the moderators will look at it.' });
          }}
        />
      )}
    </>
  );
}
