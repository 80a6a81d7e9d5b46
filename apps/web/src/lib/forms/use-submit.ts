import { type FormEvent, useState } from 'react';

/**
 * A form's sending state. `submit` clears the last error and sends only when the input is ready,
 * with `pending` on while the request runs; it resolves to the answer, or undefined when nothing was sent.
 */
export function useSubmit() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async <T>(event: FormEvent, ready: boolean, request: () => Promise<T>): Promise<T | undefined> => {
    event.preventDefault();
    setError(null);
    if (!ready) return undefined;
    setPending(true);
    const answer = await request();
    setPending(false);
    return answer;
  };
  return { pending, error, setError, submit };
}
