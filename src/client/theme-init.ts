// Applies the stored theme before React renders, so a dark-mode user never sees a white flash.
// Kept tiny and separate because it runs before the app bundle (localStorage key `theme`).
const stored = localStorage.getItem('theme');
const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
const isDark = stored === 'dark' || ((stored === null || stored === 'system') && prefersDark);
document.documentElement.classList.toggle('dark', isDark);
