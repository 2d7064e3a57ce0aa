import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { Providers } from './providers';
import { prefetchUser } from '@/features/auth/api/use-user';
import { AppRouter, preloadScreen } from './router';

// The session check first, then the screen's code, then its data: all travel while React starts (decisions 191, 192).
preloadScreen(window.location.pathname, prefetchUser(), window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
