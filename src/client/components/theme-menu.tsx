// Light / dark / system picker. The trigger shows the current choice. The menu itself (Radix's
// dropdown) is its own chunk, fetched when the pointer comes near the button or on the first open:
// the sign-in screen shows this button but rarely opens it (docs/performance.md, "First load").
import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme, type Theme } from '@/lib/theme';
import { Button } from './ui/button';

export const THEME_OPTIONS: Record<Theme, { label: string; icon: typeof Sun }> = {
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
  system: { label: 'System', icon: Monitor },
};

/** The menu's button: the dropdown's trigger once loaded, a plain button that loads it before. */
export function ThemeButton({ theme, ...props }: { theme: Theme } & ComponentProps<typeof Button>) {
  const CurrentIcon = THEME_OPTIONS[theme].icon;
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_OPTIONS[theme].label}`} title="Theme" {...props}>
      <CurrentIcon aria-hidden className="size-5" />
    </Button>
  );
}

const loadDropdown = () => import('./theme-menu-dropdown');
const ThemeMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).ThemeMenuDropdown }));

export function ThemeMenu() {
  const [theme] = useTheme();
  const [isOpened, setIsOpened] = useState(false);
  const button = (
    <ThemeButton
      theme={theme}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onClick={() => setIsOpened(true)}
      // The dropdown also opens on ArrowDown, as Radix's trigger does.
      onKeyDown={(event) => event.key === 'ArrowDown' && setIsOpened(true)}
    />
  );
  if (!isOpened) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenuDropdown />
    </Suspense>
  );
}
