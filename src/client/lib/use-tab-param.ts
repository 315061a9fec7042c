// The selected tab of a screen, kept in the URL (?tab=team) so links such as the dashboard's
// checklist can open a screen on the right tab, and reloads keep it.
import { useSearchParams } from 'wouter';

export function useTabParam<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = tabs.find((candidate) => candidate === requested) ?? fallback;
  const setTab = (next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === fallback) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      // Switching tabs is not a new page: Back should leave the screen, not walk through tabs.
      { replace: true },
    );
  return [tab, setTab];
}
