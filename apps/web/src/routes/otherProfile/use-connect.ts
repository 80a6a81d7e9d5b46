import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { apiClientAtom } from '../../state/api.ts';
import { showToastAtom } from '../../ui/toast-state.ts';

/** 'Invite to Connect': sends the invitation and says how it went; `connecting` drives the button's spinner. */
export function useConnect() {
  const api = useAtomValue(apiClientAtom);
  const toast = useSetAtom(showToastAtom);
  const [connecting, setConnecting] = useState(false);
  const connect = async (userId: string) => {
    setConnecting(true);
    const { error } = await api.POST('/api/v1/users/{id}/connect', { params: { path: { id: userId } } });
    setConnecting(false);
    toast(error ? { tone: 'error', text: error.message } : { tone: 'success', text: 'Invitation to connect sent.' });
  };
  return { connect, connecting };
}
