// Every screen names itself in the tab title ("Dashboard · VentureMatch"), which is also what
// screen readers announce first after a client-side navigation.
import { useEffect } from 'react';

export const APP_NAME = 'VentureMatch';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
