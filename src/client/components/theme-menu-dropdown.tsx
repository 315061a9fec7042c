// The theme menu once it has been opened: Radix's dropdown (with its popper and focus handling,
// about 15 kB gzipped) is fetched on the first open, not with the page (./theme-menu, ADR 0035).
import { THEMES, useTheme, type Theme } from '@/lib/theme';
import { ThemeButton, THEME_OPTIONS } from './theme-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';

/** Mounted by the first open, so it starts open; from then on it is an ordinary dropdown menu. */
export function ThemeMenuDropdown() {
  const [theme, setTheme] = useTheme();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <ThemeButton theme={theme} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {THEMES.map((option) => {
            const Icon = THEME_OPTIONS[option].icon;
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <Icon aria-hidden />
                {THEME_OPTIONS[option].label}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
