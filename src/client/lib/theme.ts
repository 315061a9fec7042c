// The colour theme: light, dark or system, kept in localStorage under `theme`.
// theme-init.ts applies the stored choice before the first paint; this module owns changes
// afterwards and keeps following the OS setting while the choice is 'system'.
import { useSyncExternalStore } from 'react';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

const STORAGE_KEY = 'theme';
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : 'system';
  } catch {
    // Storage can be blocked (privacy modes); the OS preference is a sensible fallback.
    return 'system';
  }
}

let current: Theme = readStoredTheme();

function applyTheme(theme: Theme): void {
  const isDark = theme === 'dark' || (theme === 'system' && darkQuery.matches);
  document.documentElement.classList.toggle('dark', isDark);
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Still apply it for this visit even if it cannot be remembered.
  }
  applyTheme(theme);
  listeners.forEach((listener) => listener());
}

/** Call once at start-up: re-applies the theme whenever the OS switches while on 'system'. */
export function followSystemTheme(): void {
  applyTheme(current);
  darkQuery.addEventListener('change', () => {
    if (current === 'system') applyTheme('system');
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, () => current);
  return [theme, setTheme];
}
