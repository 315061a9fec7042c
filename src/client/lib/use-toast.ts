// A tiny toast store. Spec §4/§9: at most one notice is visible, so a new toast replaces the
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
