// A view-as tab takes its token out of the address before any store reads one (lib/view-as-adopt.ts).
import './lib/view-as-adopt';
// antd's static component styles first, so the console's own stylesheets override them (zero-runtime mode).
import 'antd/dist/antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { whenLoginFramePainted } from './app/login-frame';
import './app/global.css';
import { installErrorReporter } from './lib/error-reporter';
import { useSession } from './stores/session';

installErrorReporter();

// A signed-in deep link needs the profile and the menu before any screen: ask for them now, while
// React renders the shell, instead of from the route guard's first effect. The guard shares this
// load (one in flight at a time) and handles its refusal; a failure here is only its first try.
if (useSession.getState().token)
  void useSession
    .getState()
    .loadPermissions()
    .catch(() => undefined);

const root = document.getElementById('root');
if (root)
  void whenLoginFramePainted().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
