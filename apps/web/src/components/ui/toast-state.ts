import { atom } from 'jotai';

export interface ToastMessage {
  id: number;
  tone: 'error' | 'success' | 'info';
  text: string;
}

let nextId = 1;
const toastsBaseAtom = atom<ToastMessage[]>([]);

export const toastsAtom = atom((get) => get(toastsBaseAtom));

export const showToastAtom = atom(null, (_get, set, toast: Omit<ToastMessage, 'id'>) => {
  const id = nextId++;
  set(toastsBaseAtom, (all) => [...all.slice(-2), { ...toast, id }]);
  return id;
});

export const dismissToastAtom = atom(null, (_get, set, id: number) =>
  set(toastsBaseAtom, (all) => all.filter((t) => t.id !== id)),
);
