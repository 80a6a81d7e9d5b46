import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { showToastAtom } from '../../../components/ui/toast-state.ts';
import { useConnectUser } from '../api/users.ts';

/** 'Invite to Connect': sends the invitation and says how it went; `connecting` drives the button's spinner. */
export function useConnect() {
  const send = useConnectUser();
  const toast = useSetAtom(showToastAtom);
  const [connecting, setConnecting] = useState(false);
  const connect = async (userId: string) => {
    setConnecting(true);
    const result = await send(userId);
    setConnecting(false);
    toast(
      !result.ok
        ? { tone: 'error', text: result.error.message }
        : { tone: 'success', text: 'Invitation to connect sent.' },
    );
  };
  return { connect, connecting };
}
