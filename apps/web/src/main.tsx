// antd's static component styles first, so the console's own stylesheets override them (zero-runtime mode).
import 'antd/dist/antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { whenLoginFramePainted } from './app/login-frame';
import './app/global.css';
import { installErrorReporter } from './lib/error-reporter';

installErrorReporter();

const root = document.getElementById('root');
if (root)
  void whenLoginFramePainted().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
