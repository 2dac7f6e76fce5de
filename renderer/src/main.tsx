import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { connectSoftphoneApi } from './bridge';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount the app into.');
// One connection per page load (outside React, so StrictMode cannot open two).
const connected = connectSoftphoneApi();
createRoot(root).render(
  <StrictMode>
    <App connected={connected} />
  </StrictMode>,
);
