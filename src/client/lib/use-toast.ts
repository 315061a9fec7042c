// A tiny toast store. At most one notice is visible, so a new toast replaces the
// current one instead of queueing. Any module can call toast(); <Toaster /> renders the store.
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let nextId = 1;
let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  // A fresh id gives the new toast a fresh Radix timer; the old one is dropped, not stacked.
  toasts = [{ ...input, id, open: true }];
  emit();
  return id;
}

/** The sentence a failure notice shows: the error's own (the server's, for an ApiError), else a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** The usual failure notice: titled 'Error', saying "Failed to {action}: {reason}". */
export function toastFailure(action: string, error: unknown): number {
  return toast({ title: 'Error', description: `Failed to ${action}: ${errorMessage(error)}`, variant: 'destructive' });
}

export function dismissToast(id: number): void {
  // Kept in the list with open=false so Radix can play its exit animation before unmounting.
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): { toasts: ToastItem[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const items = useSyncExternalStore(subscribe, () => toasts);
  return { toasts: items, toast, dismiss: dismissToast };
}
