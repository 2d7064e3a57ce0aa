import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { Providers } from './providers';
import { prefetchUser } from '@/features/auth/api/use-user';
import { AppRouter, preloadScreen } from './router';

// The session check first, then the screen's code: both travel while React starts (decision 191).
prefetchUser();
preloadScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
