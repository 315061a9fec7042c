import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { followSystemTheme } from './lib/theme';
import './styles.css';

followSystemTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element.');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
