import { useState } from 'react';
import { useNavigate } from 'react-router';
import { groupProfilePath } from '@/config/paths.ts';
import { useChannelActions } from '../api/channels.ts';
import { type GroupForm, type GroupFormErrors, serverErrors, toChannelInput } from '../group-form.ts';

/** Creating a group from the details form: sending, the server's refusal by field, then its profile. */
export function useCreateGroup() {
  const navigate = useNavigate();
  const { create } = useChannelActions();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<GroupFormErrors>({});

  const reset = () => {
    setError(null);
    setFieldErrors({});
  };
  const send = async (form: GroupForm, chosen: string[]) => {
    setSending(true);
    setError(null);
    const result = await create(toChannelInput(form, chosen));
    setSending(false);
    if (result.ok) {
      navigate(groupProfilePath(result.value.id));
      return;
    }
    setError(`Could not create the group: ${result.error.message}`);
    setFieldErrors(serverErrors(result.error.fieldErrors));
  };
  return { sending, error, fieldErrors, reset, send };
}
