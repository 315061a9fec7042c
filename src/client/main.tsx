import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadCodeFor } from './app/router';
import { currentUserQuery } from './features/auth/api';
import { createQueryClient } from './lib/query-client';
import { followSystemTheme } from './lib/theme';
import './styles.css';

followSystemTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element.');

// The session check and this address's code start now, before React's first render (a few hundred
// milliseconds on a slow phone), rather than from inside it (docs/performance.md, "First load").
const queryClient = createQueryClient();
void queryClient.prefetchQuery(currentUserQuery);
preloadCodeFor(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
